import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** A phone's screen width in CSS pixels, the narrowest the mails are checked at. */
export const PHONE_WIDTH = 375;

/**
 * One page of the system Chromium at a phone's 375 px for the tests of a file (opened before the first, closed after
 * the last), launched as apps/web/e2e/harness does. It fetches nothing: a mail is read offline. `isMobile`: Chromium
 * honours (or, without one, ignores) the viewport meta as a phone's browser does.
 */
export function usePhonePage({ isMobile = false }: { isMobile?: boolean } = {}) {
  let browser: Browser | undefined;
  let opened: Page | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    opened = await browser.newPage({ viewport: { width: PHONE_WIDTH, height: 812 }, isMobile });
    await opened.route('**/*', (route) => route.abort());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const page = (): Page => {
    if (!opened) throw new Error('the phone page opens in beforeAll');
    return opened;
  };

  return {
    page,
    /** How wide the rendered page is: more than the screen means the reader scrolls sideways. */
    async scrollWidthOf(html: string): Promise<number> {
      await page().setContent(html);
      // A string, as the server's TypeScript has no DOM types: run in the page, where `document` is.
      return Number(await page().evaluate('document.scrollingElement.scrollWidth'));
    },
  };
}
