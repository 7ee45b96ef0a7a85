import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Kysely } from 'kysely';
import type { FormPageState } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import type { Database, EpochMs } from '../../lib/database-schema';
import * as repository from './form-outcomes.repository';

/** How long a form post's outcome can be shown (docs/decisions/0045): a reload, a look away and back. */
export const FORM_OUTCOME_TTL_MS = 30 * 60 * 1000;
/** The cookie that ties an outcome to the browser that posted: random, HttpOnly, nothing else in it. */
export const FORM_BROWSER_COOKIE = 'form_browser';
/** 16 random bytes in base64url: the outcome id in the address. */
const OUTCOME_ID = /^[A-Za-z0-9_-]{22}$/;
/** 32 random bytes in base64url: the browser's cookie. */
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;
/** Expired outcomes deleted per statement, on a form post and by the daily purge. */
const PURGE_BATCH = 500;

/**
 * What the form's page shows after the redirect: the success, or the messages with what was typed (the question's
 * answer never: the page asks a fresh question), and the refused question's token, whose first-served time the new
 * question keeps (issue 17).
 */
export type FormOutcomeState = Pick<FormPageState, 'values' | 'errors' | 'formError' | 'sent'> & { token: string };

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

function cookieOf(req: Request, name: string): string | undefined {
  for (const pair of (req.get('Cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The posting browser's id from its cookie, if it has a well-formed one. */
export function browserOf(req: Request): string | undefined {
  const value = cookieOf(req, FORM_BROWSER_COOKIE);
  return value !== undefined && BROWSER_ID.test(value) ? value : undefined;
}

/** The browser's id, made and set as a cookie when it has none; the cookie lives as long as an outcome. */
export function browserFor(req: Request, res: Response, secure: boolean): string {
  const browser = browserOf(req) ?? randomBytes(32).toString('base64url');
  res.cookie(FORM_BROWSER_COOKIE, browser, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: FORM_OUTCOME_TTL_MS,
  });
  return browser;
}

/**
 * Keeps a form post's outcome for FORM_OUTCOME_TTL_MS and returns its id, for the redirect's address. The id and the
 * browser are stored as hashes: the table alone opens no outcome. Expired outcomes go first (their values are personal
 * data), so the table holds about half an hour of posts.
 */
export async function keepFormOutcome(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  outcome: { kind: string; browser: string; state: FormOutcomeState },
): Promise<string> {
  const now = deps.clock().getTime();
  await repository.deleteExpiredFormOutcomes(deps.db, now, PURGE_BATCH);
  const id = randomBytes(16).toString('base64url');
  await repository.insertFormOutcome(deps.db, {
    id: hashOf(id),
    browser: hashOf(outcome.browser),
    kind: outcome.kind,
    state: JSON.stringify(outcome.state),
    createdAt: now,
    expiresAt: now + FORM_OUTCOME_TTL_MS,
  });
  return id;
}

/** The outcome of that id, for the browser that posted it, while it lasts; nothing for anyone else. */
export async function readFormOutcome(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: string,
  browser: string | undefined,
): Promise<{ kind: string; state: FormOutcomeState } | undefined> {
  if (!OUTCOME_ID.test(id) || browser === undefined) return undefined;
  const row = await repository.findFormOutcome(deps.db, hashOf(id), hashOf(browser), deps.clock().getTime());
  return row ? { kind: row.kind, state: JSON.parse(row.state) as FormOutcomeState } : undefined;
}

/** Deletes every expired outcome, batch by batch (the daily retention purge); returns how many. */
export async function purgeExpiredFormOutcomes(db: Kysely<Database>, now: EpochMs): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await repository.deleteExpiredFormOutcomes(db, now, PURGE_BATCH);
    purged += deleted;
    if (deleted < PURGE_BATCH) return purged;
  }
}
