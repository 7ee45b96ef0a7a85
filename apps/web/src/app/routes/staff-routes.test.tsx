import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, INBOX_PATHS, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { AppProviders } from '../providers';
import AuthPage from './auth';
import DashboardPage from './dashboard';

const ADA = { username: 'ada', email: 'ada@example.ng', profile_image: 'default-avatar.png' };
const signedIn = () => jsonResponse({ success: true, user: ADA });
const signedOut = () => jsonResponse({ success: false });
const emptyList = () =>
  jsonResponse({ success: true, enquiries: [], total: 0, older: null, newer: null, newest: null });

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <Routes>
          <Route path="/" element={<h1>Home stand-in</h1>} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
        </Routes>
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe('the staff routes', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows "Loading..." on /dashboard while the session is checked', () => {
    stubApi({ [API_PATHS.SESSION_CHECK]: () => new Promise<Response>(() => undefined) });
    renderAt('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent(SPEC_MESSAGES.LOADING);
  });

  it('sends a signed-out visitor of /dashboard to /auth', async () => {
    stubApi({ [API_PATHS.SESSION_CHECK]: signedOut });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of /auth to /dashboard', async () => {
    stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [INBOX_PATHS.list('web_dev')]: emptyList,
    });
    renderAt('/auth');
    expect(await screen.findByRole('heading', { name: 'Messages Dashboard' })).toBeInTheDocument();
  });

  it('logs out through logout.php and goes to the home page', async () => {
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [API_PATHS.LOGOUT]: () => jsonResponse({ success: true }),
      [INBOX_PATHS.list('web_dev')]: emptyList,
    });
    renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.LOGOUT)).toHaveLength(1);
  });

  it('after 5 idle minutes alerts, logs out and goes to sign in, which returns to the enquiry that was open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let session = signedIn;
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: () => session(),
      [API_PATHS.LOGOUT]: () => {
        session = signedOut;
        return jsonResponse({ success: true });
      },
      [API_PATHS.LOGIN]: () => jsonResponse({ success: true, user: ADA }),
      [INBOX_PATHS.list('contact')]: emptyList,
    });
    renderAt('/dashboard?kind=contact&q=ada');
    await screen.findByText('No enquiries match the search and filters.');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.INACTIVITY_LOGOUT_MS));
    expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.INACTIVITY_LOGOUT);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.LOGOUT)).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/auth?next=${encodeURIComponent('/dashboard?kind=contact&q=ada')}`,
    );

    await userEvent.type(screen.getByLabelText('E-mail'), ADA.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Messages Dashboard' });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?kind=contact&q=ada');
  });

  it.each([
    ['another site', 'https://evil.example/dashboard'],
    ['a protocol-relative address', '//evil.example/dashboard'],
    ['a backslash address', '/\\evil.example'],
    ['a public page', '/contact'],
  ])('after signing in, ignores a return path to %s and opens the inbox', async (_what, next) => {
    stubApi({
      [API_PATHS.SESSION_CHECK]: signedOut,
      [API_PATHS.LOGIN]: () => jsonResponse({ success: true, user: ADA }),
      [INBOX_PATHS.list('web_dev')]: emptyList,
    });
    renderAt(`/auth?next=${encodeURIComponent(next)}`);
    await userEvent.type(await screen.findByLabelText('E-mail'), ADA.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Messages Dashboard' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('sends the visitor to /auth when the server no longer accepts the session', async () => {
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [API_PATHS.LOGOUT]: () => jsonResponse({ success: true }),
      [INBOX_PATHS.list('web_dev')]: () => jsonResponse({ success: false }, 401),
    });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.LOGOUT)).toHaveLength(1));
  });
});
