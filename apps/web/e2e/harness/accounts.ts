import { API_PATHS, PATHS } from '@agency/shared';
import { expect } from 'vitest';
import type { Harness } from './index';

/** Registers an account through the API and confirms it with the link of the mail the server sends it. */
export async function registerAndConfirm(
  harness: Harness,
  account: { email: string; password: string },
): Promise<void> {
  const form = new FormData();
  form.set('email', account.email);
  form.set('password', account.password);
  expect((await fetch(`${harness.baseUrl}${API_PATHS.REGISTER}`, { method: 'POST', body: form })).status).toBe(201);
  const mail = await harness.waitForMail(account.email);
  const link = mail.links.find((candidate) => new URL(candidate).pathname === PATHS.confirmEmail);
  const token = link ? new URL(link).searchParams.get('token') : null;
  expect((await fetch(`${harness.baseUrl}${API_PATHS.CONFIRM_EMAIL}?token=${token}`)).status).toBe(200);
}
