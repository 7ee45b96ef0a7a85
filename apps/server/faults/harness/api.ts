import { API_PATHS, ENQUIRY_KINDS, PATHS } from '@agency/shared';
import { tokenFromMail, type SmtpSink } from '@agency/testing';
import { SESSION_COOKIE_NAME } from '../../src/modules/auth/auth.routes';
import { STRONG_PASSWORD } from '../../src/test/test-context';
import { VALID_SUBMISSIONS } from '../../src/test/fixtures';

/** An HTTP answer as a fault test looks at it: status, JSON body (if any) and how long it took. */
export interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
  headers: Headers;
  ms: number;
}

/** One request; a request that gets no answer at all (refused, reset, timed out) rejects. */
export async function call(baseUrl: string, path: string, init: RequestInit & { timeoutMs?: number } = {}) {
  const { timeoutMs = 10_000, ...rest } = init;
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, headers: response.headers, ms } satisfies Answer;
}

/** The visitor of the n-th submission: each submission of a test has its own address, to find its row and mails. */
export const visitorEmail = (n: number) => `visitor-${n}@example.ng`;

/** A contact-form submission, as the site's form sends it, from visitor n. */
export function submitContact(baseUrl: string, n: number, timeoutMs?: number): Promise<Answer> {
  return call(baseUrl, ENQUIRY_KINDS.contact.paths.submit, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...VALID_SUBMISSIONS.contact, name: `Visitor ${n}`, email: visitorEmail(n) }),
    timeoutMs,
  });
}

/** Registration as the site's form sends it: multipart, with a profile image when one is given. */
export function register(baseUrl: string, email: string, image?: Buffer): Promise<Answer> {
  const form = new FormData();
  form.set('email', email);
  form.set('password', STRONG_PASSWORD);
  if (image) form.set('profile_image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
  return call(baseUrl, API_PATHS.REGISTER, { method: 'POST', body: form });
}

/** Confirms an account with the token of the confirmation mail the sink received. */
export async function confirmFromMail(baseUrl: string, sink: SmtpSink, email: string): Promise<void> {
  const mail = await sink.waitForMail((candidate) => candidate.recipients.includes(email), 20_000);
  const token = tokenFromMail(mail, PATHS.confirmEmail);
  const confirmed = await call(baseUrl, `${API_PATHS.CONFIRM_EMAIL}?token=${encodeURIComponent(token)}`);
  if (confirmed.status !== 200)
    throw new Error(`confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

/** Signs in and returns the session cookie (`rd.sid=...`) to send with later requests. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}${API_PATHS.LOGIN}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
    signal: AbortSignal.timeout(10_000),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}
