import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@agency/shared';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { ApiError } from '@/lib/api-client';
import { login } from './login';

const ADA = { username: 'ada', email: 'ada@example.ng', profile_image: 'a1b2c3.webp' };
const CREDENTIALS = { email: 'ada@example.ng', password: 'Secret#123' };

describe('login', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the e-mail and password as JSON and gives the signed-in user', async () => {
    const fetchMock = stubApi({
      [API_PATHS.LOGIN]: () => jsonResponse({ success: true, message: 'Welcome', user: ADA }),
    });
    await expect(login(CREDENTIALS)).resolves.toEqual(ADA);
    const [sent] = requestsTo(fetchMock, API_PATHS.LOGIN);
    expect(sent?.url).toBe(API_PATHS.LOGIN);
    expect(sent?.init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(CREDENTIALS) });
  });

  it("rejects a refusal as an ApiError of kind 'rejected' with the server's message", async () => {
    stubApi({
      [API_PATHS.LOGIN]: () => jsonResponse({ success: false, message: 'Your account is awaiting approval.' }, 403),
    });
    await expect(login(CREDENTIALS)).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Your account is awaiting approval.',
    });
  });

  it('does not accept an answer that names no user', async () => {
    stubApi({ [API_PATHS.LOGIN]: () => jsonResponse({ success: true, user: { username: 'ada' } }) });
    const error: unknown = await login(CREDENTIALS).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'unreadable' });
  });
});
