import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@agency/shared';
import { jsonResponse, networkFailure, requestsTo, stubApi } from '@/test/stub-api';
import { SessionProvider } from './session-provider';
import { useSession } from './use-session';

function SessionProbe() {
  const { loading, user, logout, update } = useSession();
  if (loading) return <p>checking</p>;
  return (
    <div>
      <p>{user ? `signed in as ${user.displayName ?? user.username}` : 'signed out'}</p>
      {user && <img src={user.avatarUrl} alt="avatar" />}
      {user && (
        <button type="button" onClick={() => update({ displayName: 'Ada Obi', profile_image: 'f00d.webp' })}>
          Save profile
        </button>
      )}
      {user && (
        <button type="button" onClick={() => void logout()}>
          Logout
        </button>
      )}
    </div>
  );
}

const ADA = { username: 'ada', email: 'ada@example.ng', profile_image: 'a1b2c3.webp' };

function renderSession() {
  return render(
    <StrictMode>
      <SessionProvider>
        <SessionProbe />
      </SessionProvider>
    </StrictMode>,
  );
}

describe('the session', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is checked once at start, with the cookie, and gives the user with an avatar in the uploads folder', async () => {
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: () => jsonResponse({ success: true, user: ADA }),
    });
    renderSession();
    expect(screen.getByText('checking')).toBeInTheDocument();
    expect(await screen.findByText('signed in as ada')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'avatar' })).toHaveAttribute(
      'src',
      `${API_PATHS.PROFILE_IMAGES}/a1b2c3.webp`,
    );
    const checks = requestsTo(fetchMock, API_PATHS.SESSION_CHECK);
    expect(checks).toHaveLength(1);
    expect(checks[0]?.init.credentials).toBe('include');
  });

  it('takes in a name and picture saved on the profile page, the picture in the uploads folder', async () => {
    stubApi({ [API_PATHS.SESSION_CHECK]: () => jsonResponse({ success: true, user: ADA }) });
    renderSession();
    await screen.findByText('signed in as ada');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('signed in as Ada Obi')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'avatar' })).toHaveAttribute('src', `${API_PATHS.PROFILE_IMAGES}/f00d.webp`);
  });

  it('is not checked while a page is prerendered, which shows the loading state', () => {
    const fetchMock = stubApi({});
    const html = renderToString(
      <SessionProvider>
        <SessionProbe />
      </SessionProvider>,
    );
    expect(html).toContain('checking');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('points the default avatar at the default file in the same folder', async () => {
    stubApi({
      [API_PATHS.SESSION_CHECK]: () =>
        jsonResponse({ success: true, user: { ...ADA, profile_image: 'default-avatar.png' } }),
    });
    renderSession();
    expect(await screen.findByRole('img', { name: 'avatar' })).toHaveAttribute(
      'src',
      `${API_PATHS.PROFILE_IMAGES}/default-avatar.png`,
    );
  });

  it('stays signed out when the server says there is no session', async () => {
    stubApi({ [API_PATHS.SESSION_CHECK]: () => jsonResponse({ success: false }, 401) });
    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('logs invalid JSON from the backend and stays signed out', async () => {
    stubApi({ [API_PATHS.SESSION_CHECK]: () => new Response('<b>Fatal error</b>', { status: 200 }) });
    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/invalid JSON from the backend/i),
      expect.anything(),
    );
  });

  it('logs "Auth check failed" when the network is down and stops loading', async () => {
    stubApi({ [API_PATHS.SESSION_CHECK]: networkFailure });
    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Auth check failed', expect.any(TypeError));
  });

  it('calls logout.php by POST with the cookie and then forgets the user', async () => {
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: () => jsonResponse({ success: true, user: ADA }),
      [API_PATHS.LOGOUT]: () => jsonResponse({ success: true }),
    });
    renderSession();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument());
    expect(requestsTo(fetchMock, API_PATHS.LOGOUT)[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('forgets the user even when logout.php cannot be reached, and logs it', async () => {
    stubApi({
      [API_PATHS.SESSION_CHECK]: () => jsonResponse({ success: true, user: ADA }),
      [API_PATHS.LOGOUT]: networkFailure,
    });
    renderSession();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument());
    expect(consoleError).toHaveBeenCalledWith('Logout request failed', expect.anything());
  });
});
