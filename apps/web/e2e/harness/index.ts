import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { createFreshDatabase, type DatabaseKind, findFreePort, startSmtpSink } from '@agency/testing';
import type { Result } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { untilAtRest } from './page-helpers';
import { startServerProcess } from './server-process';

export type { DatabaseKind } from '@agency/testing';

/** A mail the server sent, as a browser test reads it. */
export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the mail, from the HTML hrefs and the plain text, without duplicates. */
  links: string[];
  /** The threading headers as the SMTP server received them (issue 20). */
  messageId?: string;
  inReplyTo?: string;
  references?: string;
}

export interface HarnessOptions {
  /** 'sqlite' (default): a SQLite file in a fresh DATA_DIR. 'mysql': a fresh database on TEST_MYSQL_URL's server. */
  database?: DatabaseKind;
  /**
   * The public address the server is started with (APP_URL), for pages and mails that must name it; by default the
   * server's own address. The browser still reaches the server at baseUrl.
   */
  appUrl?: string;
  /** Extra environment for the server; wins over the harness's own values. */
  env?: Record<string, string>;
}

export interface NewPageOptions {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
}

export interface Harness {
  /** http://127.0.0.1:PORT, also the APP_URL the server builds links from unless `appUrl` was given. */
  baseUrl: string;
  /** A page in its own browser context (own cookies); relative `page.goto('/contact')` resolves to baseUrl. */
  newPage(options?: NewPageOptions): Promise<Page>;
  /** Runs SQL (with `?` placeholders) on the server's own database. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Console errors and uncaught page errors of a page made by newPage, in order. */
  consoleErrors(page: Page): string[];
  /** The oldest mail to `to` not yet taken by an earlier call, waiting up to 20 s for it. */
  waitForMail(to: string): Promise<ReceivedMail>;
  /** axe-core violations of the page for WCAG 2.0/2.1 A and AA plus best practices. */
  axe(page: Page): Promise<Result[]>;
  close(): Promise<void>;
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const motionStarts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __motionStarts?: number }).__motionStarts ?? 0);

/**
 * The real product for a browser test: the built server on a free port with a fresh DATA_DIR and database, an SMTP
 * sink for its mails and a Chromium. Call close() in afterAll.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };

  try {
    const mailSink = await startSmtpSink();
    cleanups.push(() => mailSink.close());

    // Its fresh DATA_DIR also holds the server's uploads and outbox; drop() removes it.
    const database = await createFreshDatabase(options.database ?? 'sqlite');
    cleanups.push(() => database.drop());

    const port = await findFreePort();
    const server = await startServerProcess({
      port,
      env: {
        DATA_DIR: database.dataDir,
        SMTP_URL: mailSink.url,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        ...(options.appUrl ? { APP_URL: options.appUrl } : {}),
        ...options.env,
      },
    });
    cleanups.push(() => server.stop());

    const browser: Browser = await launchChromium();
    cleanups.push(() => browser.close());

    const errorsByPage = new WeakMap<Page, string[]>();
    const contexts = new Set<BrowserContext>();

    return {
      baseUrl: server.baseUrl,
      async newPage(pageOptions = {}) {
        const context = await browser.newContext({
          baseURL: server.baseUrl,
          viewport: pageOptions.viewport ?? { width: 1280, height: 800 },
          javaScriptEnabled: pageOptions.javaScriptEnabled ?? true,
        });
        contexts.add(context);
        context.once('close', () => contexts.delete(context));
        const page = await context.newPage();
        const errors: string[] = [];
        errorsByPage.set(page, errors);
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          // Chromium's "Failed to load resource" text omits the URL; the location carries it.
          const url = message.location().url;
          const text = message.text();
          errors.push(text.startsWith('Failed to load resource') && url ? `${text}: ${url}` : text);
        });
        page.on('pageerror', (error) => errors.push(`Uncaught ${error.name}: ${error.message}`));
        return page;
      },
      query: (sql, params) => database.query(sql, params),
      consoleErrors(page) {
        const errors = errorsByPage.get(page);
        if (!errors) throw new Error('consoleErrors() only knows pages made by harness.newPage().');
        return [...errors];
      },
      async waitForMail(to) {
        const mail = await mailSink.takeMail(to);
        return {
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: mail.html ?? '',
          links: mail.links,
          messageId: mail.messageId,
          inReplyTo: mail.inReplyTo,
          references: mail.references,
        };
      },
      async axe(page) {
        // A fade that runs while axe reads colours gives a contrast that no visitor sees at rest: analyse a page at
        // rest, and again when a transition or animation started during the analysis (a real violation stays).
        for (let attempt = 1; ; attempt += 1) {
          await untilAtRest(page);
          await page.evaluate(() => {
            const counted = window as unknown as { __motionStarts?: number };
            if (counted.__motionStarts === undefined) {
              counted.__motionStarts = 0;
              for (const type of ['transitionstart', 'animationstart']) {
                document.addEventListener(
                  type,
                  () => (counted.__motionStarts = (counted.__motionStarts ?? 0) + 1),
                  true,
                );
              }
            }
          });
          const startsBefore = await motionStarts(page);
          // Sections below the first screen and the footer are drawn only near the viewport (content-visibility:
          // auto); the Chromium of 2026-11-27 (156) reports the text of a skipped one as on a white page. Analyse the
          // page as a visitor sees each part when they reach it: every part drawn, for the analysis only.
          await page.evaluate(() => {
            const style = document.createElement('style');
            style.id = '__axe-drawn';
            style.textContent = '* { content-visibility: visible !important; }';
            document.head.append(style);
          });
          const results = await new AxeBuilder({ page })
            .withTags(AXE_TAGS)
            .analyze()
            .finally(() => page.evaluate(() => document.getElementById('__axe-drawn')?.remove()));
          if ((await motionStarts(page)) === startsBefore || attempt === 3) return results.violations;
        }
      },
      async close() {
        for (const context of contexts) await context.close().catch(() => undefined);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
