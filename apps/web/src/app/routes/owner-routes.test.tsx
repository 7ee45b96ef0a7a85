import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, INBOX_PATHS, SPEC_MESSAGES, STAFF_ADMIN_PATHS, TIMINGS } from '@agency/shared';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { AppProviders } from '../providers';
import AuditLogPage from './audit-log';
import AuthPage from './auth';
import DashboardPage from './dashboard';
import DataRequestsPage from './data-requests';
import BusinessHoursPage from './business-hours';
import SavedRepliesPage from './saved-replies';
import StaffAccountsPage from './staff-accounts';

const ADA = { username: 'ada', email: 'ada@example.ng', profile_image: 'default-avatar.png' };
const signedIn = () => jsonResponse({ success: true, user: ADA });
const signedOut = () => jsonResponse({ success: false });
const OWNER_ACCOUNTS = [
  {
    id: 1,
    username: 'ada',
    email: 'ada@example.ng',
    role: 'owner',
    confirmed: true,
    createdAt: '2026-11-20T09:00:00.000Z',
    me: true,
  },
];
const owner = () => jsonResponse({ success: true, accounts: OWNER_ACCOUNTS });
const notOwner = () => jsonResponse({ success: false, message: 'Only owners may do this.' }, 403);
const emptyList = () =>
  jsonResponse({ success: true, enquiries: [], total: 0, older: null, newer: null, newest: null });
const emptyLog = () => jsonResponse({ success: true, entries: [], older: null, newer: null });

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <Routes>
          <Route path="/" element={<h1>Home stand-in</h1>} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/dashboard/staff" element={<StaffAccountsPage />} />
          <Route path="/dashboard/audit-log" element={<AuditLogPage />} />
          <Route path="/dashboard/data-requests" element={<DataRequestsPage />} />
          <Route path="/dashboard/business-hours" element={<BusinessHoursPage />} />
          <Route path="/dashboard/saved-replies" element={<SavedRepliesPage />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}

const PAGES = [
  ['/dashboard/staff', 'Staff'],
  ['/dashboard/audit-log', 'Audit log'],
  ['/dashboard/data-requests', 'Data requests'],
  ['/dashboard/business-hours', 'Business hours'],
  ['/dashboard/saved-replies', 'Saved replies'],
] as const;

describe("the owners' routes", () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each(PAGES)('sends a signed-out visitor of %s to /auth', async (path) => {
    const fetchMock = stubApi({ [API_PATHS.SESSION_CHECK]: signedOut });
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.ACCOUNTS)).toHaveLength(0);
  });

  it.each(PAGES)('tells staff who are not owners that only owners can see %s', async (path, title) => {
    stubApi({ [API_PATHS.SESSION_CHECK]: signedIn, [STAFF_ADMIN_PATHS.ACCOUNTS]: notOwner });
    renderAt(path);
    expect(await screen.findByText('Only owners can see this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the inbox' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).not.toBeInTheDocument();
  });

  it.each(PAGES)('shows an owner %s with the staff area links, the current one marked', async (path, title) => {
    stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [STAFF_ADMIN_PATHS.ACCOUNTS]: owner,
      [STAFF_ADMIN_PATHS.AUDIT]: emptyLog,
    });
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Inbox', 'Staff', 'Audit log', 'Data requests', 'Business hours', 'Saved replies']);
    expect(within(nav).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('sends the visitor to /auth when the server no longer accepts the session', async () => {
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [API_PATHS.LOGOUT]: () => jsonResponse({ success: true }),
      [STAFF_ADMIN_PATHS.ACCOUNTS]: () => jsonResponse({ success: false }, 401),
    });
    renderAt('/dashboard/staff');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.LOGOUT)).toHaveLength(1));
  });

  it('after 5 idle minutes on an owner page alerts, logs out and goes to sign in, which returns to it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [API_PATHS.LOGOUT]: () => jsonResponse({ success: true }),
      [STAFF_ADMIN_PATHS.ACCOUNTS]: owner,
    });
    renderAt('/dashboard/data-requests');
    await screen.findByRole('heading', { level: 1, name: 'Data requests' });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.INACTIVITY_LOGOUT_MS));
    expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.INACTIVITY_LOGOUT);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.LOGOUT)).toHaveLength(1);
  });

  it('gives an owner the staff area links on the inbox, asking the accounts list once', async () => {
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [STAFF_ADMIN_PATHS.ACCOUNTS]: owner,
      [INBOX_PATHS.list('web_dev')]: emptyList,
    });
    renderAt('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Staff area' });
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Data requests' })).toHaveAttribute(
      'href',
      '/dashboard/data-requests',
    );
    expect(screen.getByRole('heading', { name: 'Messages Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.ACCOUNTS)).toHaveLength(1);
  });

  it('shows staff who are not owners the inbox without the links', async () => {
    const fetchMock = stubApi({
      [API_PATHS.SESSION_CHECK]: signedIn,
      [STAFF_ADMIN_PATHS.ACCOUNTS]: notOwner,
      [INBOX_PATHS.list('web_dev')]: emptyList,
    });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Messages Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.ACCOUNTS)).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).not.toBeInTheDocument();
  });
});
