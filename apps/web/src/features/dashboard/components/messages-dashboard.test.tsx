import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  INBOX_PATHS,
  SPEC_MESSAGES,
  UNDO_LIMITS,
  UNDO_MESSAGES,
  UNDO_PATH,
  type EnquiryDetail,
  type EnquirySummary,
  type EnquiryUpdate,
  type HistoryEvent,
  type InboxPage,
  type MessageKind,
} from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi, type StubbedRequest } from '@/test/stub-api';
import { INBOX_POLL_MS } from '../inbox-cache';
import { MessagesDashboard } from './messages-dashboard';

const USER = { username: 'ada', email: 'ada@example.ng', avatarUrl: '/api/uploads/profile_images/ada.webp' };

const summary = (overrides: Partial<EnquirySummary>): EnquirySummary => ({
  id: 1,
  kind: 'web_dev',
  reference: 'WD-0001',
  // 23:30 UTC is 00:30 the next day in Lagos (UTC+1).
  createdAt: '2026-11-21T23:30:00.000Z',
  name: 'Ada Obi',
  email: 'ada.obi@example.ng',
  phone: '08012345678',
  preview: 'Weekend, Web Development',
  status: 'new',
  assigneeId: null,
  read: true,
  folder: 'inbox',
  spamReason: null,
  trashedAt: null,
  waitingSince: null,
  responseDue: null,
  snoozedUntil: null,
  snoozedUntilReply: false,
  ...overrides,
});

const ADA_ROW = summary({ id: 7, read: false });
const BOLA_ROW = summary({
  id: 8,
  reference: 'WD-0002',
  name: 'Bola Ahmed',
  phone: '+234 803 000 0000',
  status: 'contacted',
  assigneeId: 2,
});

const pageOf = (enquiries: EnquirySummary[], more: Partial<InboxPage> = {}) =>
  jsonResponse({
    success: true,
    enquiries,
    total: enquiries.length,
    older: null,
    newer: null,
    newest: enquiries[0] ? `newest-${enquiries[0].id}` : null,
    ...more,
  });

const COUNTS = {
  web_dev: { new: 2, unread: 1, trash: 1, spam: 0 },
  creative_design: { new: 0, unread: 0, trash: 0, spam: 0 },
  contact: { new: 3, unread: 3, trash: 0, spam: 2 },
  request_quote: { new: 0, unread: 0, trash: 4, spam: 0 },
};

const NO_MATCHES = { web_dev: 0, creative_design: 0, contact: 0, request_quote: 0 };

const STAFF = [
  { id: 1, username: 'ada', email: 'ada@example.ng', me: true },
  { id: 2, username: 'bola', email: 'bola@example.ng', me: false },
];

const DETAIL: EnquiryDetail = {
  ...ADA_ROW,
  kind: 'web_dev',
  humanCheck: 'verified',
  source: {
    label: 'instagram',
    sourceClass: 'social',
    sourceHost: 'l.instagram.com',
    utmSource: 'instagram',
    utmMedium: null,
    utmCampaign: 'lagos-launch',
    utmTerm: null,
    utmContent: null,
  },
  firstResponse: null,
  responseDueAt: null,
  responseState: 'no-target',
  fields: {
    firstname: 'Ada',
    surname: 'Obi',
    email: 'ada.obi@example.ng',
    phone: '08012345678',
    schedule: 'Weekend',
    trainingType: 'Web Development',
    occupation: 'Student',
    state: 'Lagos',
    referral: 'Friend/Family',
    created_at: '2026-11-21T23:30:00.000Z',
  },
  notes: [
    {
      id: 1,
      body: 'Asked for the weekday price',
      authorId: 2,
      authorName: 'bola',
      createdAt: '2026-11-22T09:00:00.000Z',
    },
  ],
  history: [
    {
      id: 2,
      action: 'status',
      from: 'new',
      to: 'contacted',
      actorId: 2,
      actorName: 'bola',
      createdAt: '2026-11-22T10:00:00.000Z',
    },
    {
      id: 1,
      action: 'assignee',
      from: null,
      to: '2',
      actorId: 1,
      actorName: 'ada',
      createdAt: '2026-11-22T08:00:00.000Z',
    },
  ],
};

type Handler = (request: StubbedRequest) => Response | Promise<Response>;

/** The undo ticket a move or bulk action answers (docs/decisions/0044). */
const ticketOf = (count: number, token = 'T'.repeat(22)) => ({ token, count, expiresAt: '2026-11-23T10:00:30.000Z' });

/**
 * One enquiry as the server keeps it: GET answers it, and PATCH, DELETE, restore and not-spam change it and answer it
 * as it is then (the route's `{ success, enquiry }`), with the history line the server would write; `undo` puts the
 * last move back, as POST UNDO_PATH does, and `folder` says where it is now.
 */
function enquiryServer(start: EnquiryDetail) {
  let enquiry = start;
  let beforeMove: EnquiryDetail | null = null;
  let line = 100;
  const record = (action: HistoryEvent['action'], from: string | null, to: string | null) => {
    line += 1;
    const event: HistoryEvent = {
      id: line,
      action,
      from,
      to,
      actorId: 1,
      actorName: 'ada',
      createdAt: '2026-11-23T10:00:00.000Z',
    };
    enquiry = { ...enquiry, history: [event, ...enquiry.history] };
  };
  const answer = () => jsonResponse({ success: true, enquiry });
  const moved = () => jsonResponse({ success: true, enquiry, undo: ticketOf(1) });
  const move = (change: Partial<EnquiryDetail>, action: HistoryEvent['action']) => {
    beforeMove = enquiry;
    record(action, enquiry.folder, change.folder ?? null);
    enquiry = { ...enquiry, ...change };
    return moved();
  };
  return {
    folder: () => enquiry.folder,
    enquiry: ({ init }: StubbedRequest) => {
      if (init.method === 'PATCH') {
        const update = JSON.parse(String(init.body)) as EnquiryUpdate;
        if (update.status !== undefined) {
          record('status', enquiry.status, update.status);
          enquiry = { ...enquiry, status: update.status };
        }
        if (update.assigneeId !== undefined) {
          record(
            'assignee',
            enquiry.assigneeId === null ? null : String(enquiry.assigneeId),
            String(update.assigneeId),
          );
          enquiry = { ...enquiry, assigneeId: update.assigneeId };
        }
        if (update.read !== undefined) enquiry = { ...enquiry, read: update.read };
        if (update.contactedVia !== undefined) record('contacted', null, update.contactedVia);
      }
      if (init.method === 'DELETE') return move({ folder: 'trash', trashedAt: '2026-11-23T10:00:00.000Z' }, 'trash');
      return answer();
    },
    restore: () => move({ folder: 'inbox', trashedAt: null }, 'restore'),
    notSpam: () => move({ folder: 'inbox', spamReason: null }, 'not-spam'),
    undo: () => {
      if (beforeMove === null) return jsonResponse({ success: false, message: UNDO_MESSAGES.NOT_FOUND }, 404);
      const { folder, trashedAt, spamReason } = beforeMove;
      beforeMove = null;
      record('undo', enquiry.folder, folder);
      enquiry = { ...enquiry, folder, trashedAt, spamReason };
      return jsonResponse({ success: true, restored: 1, left: [], message: 'Undone: 1 enquiry is back as before.' });
    },
  };
}

function stubInbox(routes: Record<string, Handler> = {}) {
  const lists = Object.fromEntries(
    (['web_dev', 'creative_design', 'contact', 'request_quote'] as MessageKind[]).map((kind) => [
      INBOX_PATHS.list(kind),
      () => pageOf(kind === 'web_dev' ? [ADA_ROW, BOLA_ROW] : []),
    ]),
  );
  return stubApi({
    [INBOX_PATHS.COUNTS]: () => jsonResponse({ success: true, counts: COUNTS }),
    [INBOX_PATHS.STAFF]: () => jsonResponse({ success: true, staff: STAFF }),
    [API_PATHS.FAILED_MAILS]: () => jsonResponse({ success: true, mails: [] }),
    [INBOX_PATHS.enquiry('web_dev', 7)]: enquiryServer(DETAIL).enquiry,
    ...lists,
    ...routes,
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const currentSearch = () => new URLSearchParams(screen.getByTestId('location').textContent?.split('?')[1] ?? '');

function renderDashboard(path = '/dashboard') {
  const onLogout = vi.fn();
  const onSessionEnded = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <StaffQueryProvider onSessionEnded={onSessionEnded}>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <>
                <MessagesDashboard user={USER} onLogout={onLogout} />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </StaffQueryProvider>
    </MemoryRouter>,
  );
  return { onLogout, onSessionEnded };
}

const lastQuery = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  new URLSearchParams(requestsTo(fetchMock, path).at(-1)?.url.split('?')[1] ?? '');

const bodyOf = (request: StubbedRequest | undefined) => JSON.parse(String(request?.init.body)) as unknown;

const patchesTo = (fetchMock: ReturnType<typeof stubApi>, id: number) =>
  requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', id))
    .filter((request) => request.init.method === 'PATCH')
    .map(bodyOf);

/** Every request sent after the first `count`, as "METHOD path". */
const requestsSince = (fetchMock: ReturnType<typeof stubApi>, count: number) =>
  fetchMock.mock.calls.slice(count).map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`);

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('the staff inbox', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // jsdom does not scroll; the dashboard's scrolling is asserted on the calls.
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('greets the user with their avatar and offers Logout', async () => {
    stubInbox();
    const { onLogout } = renderDashboard();
    expect(screen.getByText(/welcome/i)).toHaveTextContent('Welcome, ada');
    expect(screen.getByRole('img', { name: 'Profile picture of ada' })).toHaveAttribute('src', USER.avatarUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows the four tabs and All with their unread counts, Web Development first and selected', async () => {
    const fetchMock = stubInbox();
    renderDashboard();
    await screen.findByRole('tab', { name: 'Contact (3 unread)' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Web Development1 unread',
      'Creative Design',
      'Contact3 unread',
      'Request Quote',
      'All4 unread',
    ]);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label') ?? tab.textContent)).toEqual([
      'Web Development (1 unread)',
      'Creative Design',
      'Contact (3 unread)',
      'Request Quote',
      'All (4 unread)',
    ]);
    expect(screen.getByRole('tab', { name: 'Web Development (1 unread)' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('link', { name: 'Ada Obi' });
    expect(requestsTo(fetchMock, INBOX_PATHS.list('web_dev'))[0]?.init.credentials).toBe('include');
  });

  it('lists every kind in the All tab, each row with its kind, and opens a row at its own kind', async () => {
    const quote = summary({ id: 31, kind: 'request_quote', reference: 'RD-26-00031', name: 'Bayo Ventures' });
    const fetchMock = stubInbox({
      [INBOX_PATHS.list('all')]: () => pageOf([quote, ADA_ROW]),
      [INBOX_PATHS.enquiry('request_quote', 31)]: () =>
        jsonResponse({ success: true, enquiry: { ...DETAIL, ...quote, fields: {} } }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'All (4 unread)' }));
    const row = await screen.findByRole('link', { name: 'Bayo Ventures' });
    expect(screen.getByText('Request Quote', { selector: '.enquiry-row__kind' })).toBeInTheDocument();
    // Bulk actions stay in one kind's tab: no row is selected here.
    expect(screen.queryByRole('checkbox', { name: /Select/ })).toBeNull();
    expect(currentSearch().get('kind')).toBe('all');
    await userEvent.click(row);
    await waitFor(() => expect(requestsTo(fetchMock, INBOX_PATHS.enquiry('request_quote', 31))).toHaveLength(1));
    expect(currentSearch().get('of')).toBe('request_quote');
    expect(screen.getByRole('link', { name: /Back to the list/ })).toHaveAttribute('href', '/dashboard?kind=all');
  });

  it('shows "Loading messages..." until the page arrives, and "No messages yet." for an empty inbox', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubInbox({ [INBOX_PATHS.list('web_dev')]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDashboard();
    expect(await screen.findByText(SPEC_MESSAGES.LOADING_MESSAGES)).toBeInTheDocument();
    answer(pageOf([]));
    expect(await screen.findByText(SPEC_MESSAGES.NO_MESSAGES)).toBeInTheDocument();
  });

  it('shows each row with its reference, Lagos time, status, assignee and contact, and marks unread rows', async () => {
    stubInbox();
    renderDashboard();
    await screen.findByRole('link', { name: 'Ada Obi' });
    const ada = rowOf('Ada Obi');
    expect(within(ada).getByText('Unread:')).toBeInTheDocument();
    expect(within(ada).getByText('WD-0001')).toBeInTheDocument();
    expect(within(ada).getByText(/22 Nov 2026/)).toHaveAttribute('dateTime', ADA_ROW.createdAt);
    expect(within(ada).getByText('New')).toBeInTheDocument();
    expect(within(ada).getByText('Nobody')).toBeInTheDocument();
    const bola = rowOf('Bola Ahmed');
    expect(within(bola).queryByText('Unread:')).not.toBeInTheDocument();
    expect(within(bola).getByText('bola')).toBeInTheDocument();
    expect(within(bola).getByText('+234 803 000 0000')).toBeInTheDocument();
    expect(screen.getByText('2 enquiries')).toBeInTheDocument();
  });

  it('puts the search into the address and asks the server with it, from the first page', async () => {
    const fetchMock = stubInbox();
    renderDashboard('/dashboard?after=abc');
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '0803 000{Enter}');
    await waitFor(() => expect(currentSearch().get('q')).toBe('0803 000'));
    expect(currentSearch().has('after')).toBe(false);
    await waitFor(() => expect(lastQuery(fetchMock, INBOX_PATHS.list('web_dev')).get('q')).toBe('0803 000'));
    expect(lastQuery(fetchMock, INBOX_PATHS.list('web_dev')).get('folder')).toBe('inbox');
  });

  it('filters by status, assignee and dates through the address', async () => {
    const fetchMock = stubInbox();
    renderDashboard();
    await screen.findByRole('link', { name: 'Ada Obi' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any status', 'New', 'Contacted', 'Enrolled', 'Declined']);
    await userEvent.selectOptions(status, 'contacted');
    await screen.findByRole('combobox', { name: 'Assigned to' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'Unassigned');
    await userEvent.type(screen.getByLabelText('Received from'), '2026-11-01');
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(fetchMock, INBOX_PATHS.list('web_dev')))).toEqual({
        folder: 'inbox',
        status: 'contacted',
        assignee: 'none',
        from: '2026-11-01',
      }),
    );
    expect(currentSearch().get('status')).toBe('contacted');
  });

  it('pages with Newer and Older through the cursors', async () => {
    const fetchMock = stubInbox({
      [INBOX_PATHS.list('web_dev')]: ({ url }) =>
        url.includes('after=page2')
          ? pageOf([BOLA_ROW], { total: 51, newer: 'back1' })
          : pageOf([ADA_ROW], { total: 51, older: 'page2' }),
    });
    renderDashboard();
    expect(await screen.findByText('51 enquiries')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Newer/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Older/ }));
    expect(await screen.findByRole('link', { name: 'Bola Ahmed' })).toBeInTheDocument();
    expect(lastQuery(fetchMock, INBOX_PATHS.list('web_dev')).get('after')).toBe('page2');
    expect(screen.getByRole('link', { name: /Newer/ })).toHaveAttribute('href', '/dashboard?before=back1');
  });

  it('switching tabs keeps the search and the filters the kind has, also with the arrow keys', async () => {
    const fetchMock = stubInbox({ [INBOX_PATHS.MATCHES]: () => jsonResponse({ success: true, matches: NO_MATCHES }) });
    renderDashboard('/dashboard?q=ada&status=enrolled&after=xyz');
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Contact (3 unread)' }));
    expect(await screen.findByText('No enquiries match the search and filters.')).toBeInTheDocument();
    // Enrolled is a training's status, not a contact's; the page starts again from the newest.
    expect(currentSearch().toString()).toBe('kind=contact&q=ada');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ada');
    expect(requestsTo(fetchMock, INBOX_PATHS.list('contact'))).toHaveLength(1);
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentSearch().get('kind')).toBe('request_quote'));
  });

  it('exports the current filters, without the page position, as CSV and Excel download links', async () => {
    stubInbox();
    renderDashboard('/dashboard?kind=contact&q=ada&status=won&after=xyz');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAttribute('href', `${INBOX_PATHS.export('contact')}?folder=inbox&q=ada&status=won`);
    const workbook = screen.getByRole('link', { name: 'Export Excel' });
    expect(workbook).toHaveAttribute('download');
    expect(workbook).toHaveAttribute('href', `${INBOX_PATHS.exportXlsx('contact')}?folder=inbox&q=ada&status=won`);
  });

  it('sets the status of the selected rows at once', async () => {
    const fetchMock = stubInbox({
      [INBOX_PATHS.bulk('web_dev')]: () => jsonResponse({ success: true, changed: 2, undo: ticketOf(2) }),
    });
    renderDashboard();
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every enquiry on this page' }));
    expect(screen.getByText('2 enquiries selected')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Set status' }), 'Enrolled');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Set 2 enquiries to Enrolled.', { exact: false })).toHaveAttribute('role', 'status');
    expect(bodyOf(requestsTo(fetchMock, INBOX_PATHS.bulk('web_dev'))[0])).toEqual({
      action: 'status',
      status: 'enrolled',
      ids: [7, 8],
    });
    await waitFor(() => expect(requestsTo(fetchMock, INBOX_PATHS.list('web_dev'))).toHaveLength(2));
  });

  it('asks "Delete 2 enquiries?" before deleting the selected rows, and sends nothing when cancelled', async () => {
    const fetchMock = stubInbox({
      [INBOX_PATHS.bulk('web_dev')]: () => jsonResponse({ success: true, changed: 2, undo: ticketOf(2) }),
    });
    renderDashboard();
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every enquiry on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('dialog', { name: 'Delete 2 enquiries?' });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, INBOX_PATHS.bulk('web_dev'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 enquiries' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
    expect(screen.getByText(/^Moved 2 enquiries to the trash\./)).toHaveTextContent(
      'Moved 2 enquiries to the trash. Undo',
    );
    expect(screen.getByText(/^Moved 2 enquiries to the trash\./)).toHaveAttribute('role', 'status');
    expect(bodyOf(requestsTo(fetchMock, INBOX_PATHS.bulk('web_dev'))[0])).toEqual({ action: 'trash', ids: [7, 8] });
  });

  it('undoes the bulk delete with the Undo beside the message, says what came back and asks the list again', async () => {
    const fetchMock = stubInbox({
      [INBOX_PATHS.bulk('web_dev')]: () => jsonResponse({ success: true, changed: 2, undo: ticketOf(2) }),
      [UNDO_PATH]: () =>
        jsonResponse({ success: true, restored: 2, left: [], message: 'Undone: 2 enquiries are back as before.' }),
    });
    renderDashboard();
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every enquiry on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 enquiries' }));
    const listsBefore = requestsTo(fetchMock, INBOX_PATHS.list('web_dev')).length;
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Undone: 2 enquiries are back as before.')).toHaveAttribute('role', 'status');
    expect(bodyOf(requestsTo(fetchMock, UNDO_PATH)[0])).toEqual({ token: 'T'.repeat(22) });
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(screen.getByText('Undone: 2 enquiries are back as before.')).toHaveFocus();
    await waitFor(() => expect(requestsTo(fetchMock, INBOX_PATHS.list('web_dev')).length).toBeGreaterThan(listsBefore));
  });

  it('says the server’s words when the undo comes too late', async () => {
    stubInbox({
      [INBOX_PATHS.bulk('web_dev')]: () => jsonResponse({ success: true, changed: 1, undo: ticketOf(1) }),
      [UNDO_PATH]: () => jsonResponse({ success: false, message: UNDO_MESSAGES.EXPIRED }, 410),
    });
    renderDashboard();
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the enquiry from Bola Ahmed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 1 enquiry' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(UNDO_MESSAGES.EXPIRED)).toHaveAttribute('role', 'status');
  });

  it('takes the Undo away after its few seconds, the message staying', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubInbox({
        [INBOX_PATHS.bulk('web_dev')]: () => jsonResponse({ success: true, changed: 1, undo: ticketOf(1) }),
      });
      renderDashboard();
      await screen.findByRole('link', { name: 'Ada Obi' });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('checkbox', { name: 'Select the enquiry from Bola Ahmed' }));
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(screen.getByRole('button', { name: 'Delete 1 enquiry' }));
      expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(UNDO_LIMITS.WINDOW_MS - 100));
      expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
      expect(screen.getByText('Moved 1 enquiry to the trash.')).toHaveAttribute('role', 'status');
      expect(screen.getByText('Moved 1 enquiry to the trash.')).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes one row with its own Delete button after the spec confirmation, in one request', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchMock = stubInbox({
      [INBOX_PATHS.enquiry('web_dev', 8)]: enquiryServer({ ...DETAIL, ...BOLA_ROW, notes: [], history: [] }).enquiry,
    });
    renderDashboard();
    await screen.findByRole('link', { name: 'Bola Ahmed' });
    expect(screen.getByText('2 enquiries')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Trash (1)' })).toBeInTheDocument();
    const requestsBefore = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Delete message from Bola Ahmed' }));
    expect(window.confirm).toHaveBeenCalledWith(SPEC_MESSAGES.DELETE_CONFIRM);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bola Ahmed' })).not.toBeInTheDocument());
    const deletes = requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', 8));
    expect(deletes.map((request) => request.init.method)).toEqual(['DELETE']);
    expect(screen.getByRole('link', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByText('1 enquiry')).toBeInTheDocument();
    expect(screen.getByText('The enquiry from Bola Ahmed moved to the trash.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete message from Ada Obi' })).toHaveFocus());
    // The answer (the enquiry, now in the trash) also counts it in the Trash folder: nothing else was asked.
    expect(screen.getByRole('link', { name: 'Trash (2)' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.length - requestsBefore).toBe(1);
  });

  it('keeps the row and sends nothing when the delete confirmation is refused', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const fetchMock = stubInbox({
      [INBOX_PATHS.enquiry('web_dev', 8)]: () => jsonResponse({ success: true }),
    });
    renderDashboard();
    await screen.findByRole('link', { name: 'Bola Ahmed' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete message from Bola Ahmed' }));
    expect(window.confirm).toHaveBeenCalledWith(SPEC_MESSAGES.DELETE_CONFIRM);
    expect(requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', 8))).toHaveLength(0);
    expect(requestsTo(fetchMock, INBOX_PATHS.bulk('web_dev'))).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Bola Ahmed' })).toBeInTheDocument();
  });

  it('keeps the row when the server refuses the delete', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubInbox({
      [INBOX_PATHS.enquiry('web_dev', 8)]: () => jsonResponse({ success: false, message: 'Nope' }, 500),
    });
    renderDashboard();
    await screen.findByRole('link', { name: 'Bola Ahmed' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete message from Bola Ahmed' }));
    expect(await screen.findByText('Deleting it did not work. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bola Ahmed' })).toBeInTheDocument();
  });

  it('shows the trash with when rows were deleted, and restores them', async () => {
    const trashed = summary({ id: 9, name: 'Chi Eze', folder: 'trash', trashedAt: '2026-11-20T09:15:00.000Z' });
    const fetchMock = stubInbox({
      [INBOX_PATHS.list('web_dev')]: () => pageOf([trashed]),
      [INBOX_PATHS.bulk('web_dev')]: () => jsonResponse({ success: true, changed: 1, undo: ticketOf(1) }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('link', { name: 'Trash (1)' }));
    await waitFor(() => expect(lastQuery(fetchMock, INBOX_PATHS.list('web_dev')).get('folder')).toBe('trash'));
    expect(screen.getByRole('link', { name: 'Trash (1)' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('link', { name: 'Chi Eze' });
    expect(within(rowOf('Chi Eze')).getByText(/Deleted 20 Nov 2026.*purged after 30 days/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the enquiry from Chi Eze' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored 1 enquiry to the inbox.', { exact: false })).toBeInTheDocument();
    expect(bodyOf(requestsTo(fetchMock, INBOX_PATHS.bulk('web_dev'))[0])).toEqual({ action: 'restore', ids: [9] });
  });

  it('shows why spam was caught, and moves it back with Not spam', async () => {
    const spam = summary({ id: 5, name: 'Robot', folder: 'spam', spamReason: 'honeypot' });
    const fetchMock = stubInbox({
      [INBOX_PATHS.list('contact')]: () => pageOf([spam]),
      [INBOX_PATHS.bulk('contact')]: () => jsonResponse({ success: true, changed: 1, undo: ticketOf(1) }),
    });
    renderDashboard('/dashboard?kind=contact&folder=spam');
    await screen.findByRole('link', { name: 'Robot' });
    expect(screen.getByRole('link', { name: 'Spam (2)' })).toHaveAttribute('aria-current', 'page');
    expect(within(rowOf('Robot')).getByText(/Caught as spam: filled in the hidden field/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the enquiry from Robot' }));
    await userEvent.click(screen.getByRole('button', { name: 'Not spam' }));
    expect(await screen.findByText('Moved 1 enquiry to the inbox.', { exact: false })).toBeInTheDocument();
    expect(bodyOf(requestsTo(fetchMock, INBOX_PATHS.bulk('contact'))[0])).toEqual({ action: 'not-spam', ids: [5] });
  });

  describe('one enquiry', () => {
    async function openAda(fetchMock = stubInbox()) {
      renderDashboard('/dashboard?status=new');
      await userEvent.click(await screen.findByRole('link', { name: 'Ada Obi' }));
      await screen.findByRole('heading', { name: 'Ada Obi' });
      return fetchMock;
    }

    it('shows every field, the reference, the time and the human check, and keeps the filters for Back', async () => {
      await openAda();
      expect(currentSearch().toString()).toBe('status=new&enquiry=7');
      expect(screen.getByText('WD-0001')).toBeInTheDocument();
      expect(screen.getByText('Human check: verified')).toBeInTheDocument();
      expect(
        screen.getByText('Source: instagram (social) · from l.instagram.com · campaign: lagos-launch'),
      ).toBeInTheDocument();
      const fields = screen.getByRole('region', { name: 'What they sent' });
      expect(within(fields).getByText('Training type').nextSibling).toHaveTextContent('Web Development');
      expect(within(fields).getByText('Referral').nextSibling).toHaveTextContent('Friend/Family');
      await userEvent.click(screen.getByRole('link', { name: /Back to the list/ }));
      expect(currentSearch().toString()).toBe('status=new');
      expect(await screen.findByRole('link', { name: 'Ada Obi' })).toBeInTheDocument();
    });

    it('marks an unread enquiry read when it opens', async () => {
      const fetchMock = await openAda();
      await waitFor(() =>
        expect(
          requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', 7))
            .filter((request) => request.init.method === 'PATCH')
            .map(bodyOf),
        ).toEqual([{ read: true }]),
      );
    });

    it("takes the enquiry off its tab's badge and its row's dot with the one answer to opening it", async () => {
      let listAnswers = 0;
      const fetchMock = stubInbox({
        // Asked again (Back to the list), the list never answers, so what shows is the cache the answer updated.
        [INBOX_PATHS.list('web_dev')]: () =>
          listAnswers++ === 0 ? pageOf([ADA_ROW, BOLA_ROW]) : new Promise<Response>(() => undefined),
      });
      renderDashboard();
      expect(await screen.findByRole('tab', { name: 'Web Development (1 unread)' })).toBeInTheDocument();
      expect(within(rowOf('Ada Obi')).getByText('Unread:')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Ada Obi' }));
      expect(await screen.findByRole('tab', { name: 'Web Development' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'All (3 unread)' })).toBeInTheDocument();
      expect(patchesTo(fetchMock, 7)).toEqual([{ read: true }]);
      expect(requestsTo(fetchMock, INBOX_PATHS.COUNTS)).toHaveLength(1);
      await userEvent.click(screen.getByRole('link', { name: /Back to the list/ }));
      expect(within(rowOf('Ada Obi')).queryByText('Unread:')).not.toBeInTheDocument();
    });

    it('takes a status message away when the person moves to the list or another tab', async () => {
      await openAda();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Enrolled');
      expect(await screen.findByText('Status set to Enrolled.')).toHaveAttribute('role', 'status');
      await userEvent.click(screen.getByRole('link', { name: /Back to the list/ }));
      await screen.findByRole('link', { name: 'Ada Obi' });
      expect(screen.queryByText('Status set to Enrolled.')).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('link', { name: 'Ada Obi' }));
      await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'Enrolled');
      expect(await screen.findByText('Status set to Enrolled.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('tab', { name: /^Contact/ }));
      expect(screen.queryByText('Status set to Enrolled.')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('tab', { name: /^Web Development/ }));
      expect(screen.queryByText('Status set to Enrolled.')).not.toBeInTheDocument();
    });

    it('offers WhatsApp with the international number and a greeting, Call and E-mail, and records the answer', async () => {
      const fetchMock = await openAda();
      const whatsapp = screen.getByRole('link', { name: /WhatsApp/ });
      const href = new URL(whatsapp.getAttribute('href') ?? '');
      expect(href.origin + href.pathname).toBe('https://wa.me/2348012345678');
      expect(href.searchParams.get('text')).toMatch(/^Hello Ada, this is .+ about your enquiry WD-0001\.$/);
      expect(whatsapp).toHaveAttribute('target', '_blank');
      expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+2348012345678');
      expect(screen.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
        'href',
        'mailto:ada.obi@example.ng?subject=Re%3A%20your%20enquiry%20WD-0001',
      );
      whatsapp.addEventListener('click', (event) => event.preventDefault());
      await userEvent.click(whatsapp);
      await waitFor(() =>
        expect(
          requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', 7))
            .filter((request) => request.init.method === 'PATCH')
            .map(bodyOf),
        ).toContainEqual({ contactedVia: 'whatsapp' }),
      );
    });

    it('hides WhatsApp and Call when the number cannot be normalised', async () => {
      const fetchMock = stubInbox({
        [INBOX_PATHS.enquiry('web_dev', 7)]: () =>
          jsonResponse({ success: true, enquiry: { ...DETAIL, phone: '12345' } }),
      });
      await openAda(fetchMock);
      expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'E-mail' })).toBeInTheDocument();
    });

    it('tells the history newest first in plain words', async () => {
      await openAda();
      const history = screen.getByRole('region', { name: 'History' });
      expect(
        within(history)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        expect.stringMatching(/^bola set the status from New to Contacted 22 Nov 2026/),
        expect.stringMatching(/^ada assigned it to bola/),
      ]);
    });

    it('changes the status and says so', async () => {
      const fetchMock = await openAda();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Enrolled');
      expect(await screen.findByText('Status set to Enrolled.')).toHaveAttribute('role', 'status');
      expect(
        requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', 7))
          .filter((request) => request.init.method === 'PATCH')
          .map(bodyOf),
      ).toContainEqual({ status: 'enrolled' });
    });

    it("costs one request to change the status: the answer updates the view, its history and the list's row", async () => {
      let listAnswers = 0;
      const fetchMock = stubInbox({
        // The list answers once; asked again (Back to the list), it never answers, so what shows is the cache.
        [INBOX_PATHS.list('web_dev')]: () =>
          listAnswers++ === 0 ? pageOf([ADA_ROW, BOLA_ROW]) : new Promise<Response>(() => undefined),
      });
      await openAda(fetchMock);
      await waitFor(() => expect(patchesTo(fetchMock, 7)).toEqual([{ read: true }]));
      expect(await screen.findByRole('tab', { name: 'Web Development' })).toBeInTheDocument();
      const before = fetchMock.mock.calls.length;

      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Enrolled');
      expect(await screen.findByText('Status set to Enrolled.')).toHaveAttribute('role', 'status');
      expect(requestsSince(fetchMock, before)).toEqual([`PATCH ${INBOX_PATHS.enquiry('web_dev', 7)}`]);
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('enrolled');
      const history = screen.getByRole('region', { name: 'History' });
      expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(/^ada set the status from New to Enrolled/);
      // The badge counts unread enquiries, not new ones: a status change leaves it as it is.
      expect(screen.getByRole('tab', { name: 'Web Development' })).toBeInTheDocument();

      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'bola');
      expect(await screen.findByText('Assigned to bola.')).toBeInTheDocument();
      expect(requestsSince(fetchMock, before)).toHaveLength(2);

      await userEvent.click(screen.getByRole('link', { name: /Back to the list/ }));
      const row = rowOf('Ada Obi');
      expect(within(row).getByText('Enrolled')).toBeInTheDocument();
      expect(within(row).getByText('bola')).toBeInTheDocument();
      expect(within(row).queryByText('Unread:')).not.toBeInTheDocument();
    });

    it('adds a note and shows it first', async () => {
      const fetchMock = stubInbox({
        [INBOX_PATHS.notes('web_dev', 7)]: () =>
          jsonResponse({
            success: true,
            note: {
              id: 2,
              body: 'Called, no answer',
              authorId: 1,
              authorName: 'ada',
              createdAt: '2026-11-23T09:00:00.000Z',
            },
          }),
      });
      await openAda(fetchMock);
      await waitFor(() => expect(patchesTo(fetchMock, 7)).toEqual([{ read: true }]));
      await userEvent.type(screen.getByRole('textbox', { name: 'Add a note' }), 'Called, no answer');
      const before = fetchMock.mock.calls.length;
      await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
      const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
      await waitFor(() =>
        expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent(/^Called, no answerada, 23 Nov 2026/),
      );
      // One request: the answer's note, and its line in the history, go into the open enquiry.
      expect(requestsSince(fetchMock, before)).toEqual([`POST ${INBOX_PATHS.notes('web_dev', 7)}`]);
      const history = screen.getByRole('region', { name: 'History' });
      expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(/^ada added a note 23 Nov 2026/);
      expect(within(notes).getAllByRole('listitem')[1]).toHaveTextContent('Asked for the weekday price');
      expect(bodyOf(requestsTo(fetchMock, INBOX_PATHS.notes('web_dev', 7))[0])).toEqual({ body: 'Called, no answer' });
      expect(screen.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
    });

    it('deletes to the trash after the confirmation and goes back to the list', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const fetchMock = await openAda();
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Moved to the trash.')).toBeInTheDocument();
      expect(requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', 7)).some((r) => r.init.method === 'DELETE')).toBe(
        true,
      );
      await waitFor(() => expect(currentSearch().toString()).toBe('status=new'));
      // The message was said for the list it went back to, so it stays there.
      expect(screen.getByText('Moved to the trash.')).toBeInTheDocument();
    });

    it('offers Undo in the list that Delete goes back to, and Undo brings the enquiry back into it', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const server = enquiryServer(DETAIL);
      const fetchMock = stubInbox({
        [INBOX_PATHS.enquiry('web_dev', 7)]: server.enquiry,
        [INBOX_PATHS.list('web_dev')]: () => pageOf(server.folder() === 'inbox' ? [ADA_ROW, BOLA_ROW] : [BOLA_ROW]),
        [UNDO_PATH]: server.undo,
      });
      await openAda(fetchMock);
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      const undo = await screen.findByRole('button', { name: 'Undo' });
      expect(currentSearch().toString()).toBe('status=new');
      // The Delete that acted went with the view: the keyboard is on Undo, beside the words, in the list (once the
      // list has drawn, hence the wait).
      await waitFor(() => expect(undo).toHaveFocus());
      expect(screen.getByText(/^Moved to the trash\./)).toHaveTextContent('Moved to the trash. Undo');
      expect(screen.getByText(/^Moved to the trash\./)).toHaveAttribute('role', 'status');
      expect(await screen.findByRole('link', { name: 'Bola Ahmed' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Ada Obi' })).not.toBeInTheDocument();

      await userEvent.click(undo);
      expect(await screen.findByText('Undone: 1 enquiry is back as before.')).toHaveAttribute('role', 'status');
      expect(bodyOf(requestsTo(fetchMock, UNDO_PATH)[0])).toEqual({ token: 'T'.repeat(22) });
      await waitFor(() => expect(screen.getByText('Undone: 1 enquiry is back as before.')).toHaveFocus());
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'Ada Obi' })).toBeInTheDocument();
      expect(server.folder()).toBe('inbox');
    });

    it('offers Undo after Restore, and Undo puts the enquiry back in the trash', async () => {
      const server = enquiryServer({ ...DETAIL, read: true, folder: 'trash', trashedAt: DETAIL.createdAt });
      const fetchMock = stubInbox({
        [INBOX_PATHS.enquiry('web_dev', 7)]: server.enquiry,
        [INBOX_PATHS.restore('web_dev', 7)]: server.restore,
        [UNDO_PATH]: server.undo,
      });
      renderDashboard('/dashboard?folder=trash&enquiry=7');
      await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
      const undo = await screen.findByRole('button', { name: 'Undo' });
      expect(screen.getByText(/^Restored to the inbox\./)).toHaveTextContent('Restored to the inbox. Undo');
      // Restore went away under the keyboard: it is on Undo, the next thing to do.
      await waitFor(() => expect(undo).toHaveFocus());
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByText('Undone: 1 enquiry is back as before.')).toHaveFocus());
      expect(bodyOf(requestsTo(fetchMock, UNDO_PATH)[0])).toEqual({ token: 'T'.repeat(22) });
      // The open enquiry is asked again: it shows in the trash, with Restore, once more.
      expect(await screen.findByRole('button', { name: 'Restore' })).toBeInTheDocument();
      const history = screen.getByRole('region', { name: 'History' });
      expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(/^ada undid the move: back to Trash/);
    });

    it('restores an enquiry from the trash', async () => {
      const server = enquiryServer({ ...DETAIL, read: true, folder: 'trash', trashedAt: DETAIL.createdAt });
      const fetchMock = stubInbox({
        [INBOX_PATHS.enquiry('web_dev', 7)]: server.enquiry,
        [INBOX_PATHS.restore('web_dev', 7)]: server.restore,
      });
      renderDashboard('/dashboard?folder=trash&enquiry=7');
      await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
      expect(await screen.findByText('Restored to the inbox.')).toBeInTheDocument();
      expect(requestsTo(fetchMock, INBOX_PATHS.restore('web_dev', 7))).toHaveLength(1);
      // The answer is the enquiry back in the inbox: no longer a Restore, a Delete again, and no second GET.
      expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
      expect(requestsTo(fetchMock, INBOX_PATHS.enquiry('web_dev', 7))).toHaveLength(1);
    });
  });

  it('moves an enquiry out of spam in one request, and shows it in the inbox from the answer', async () => {
    const server = enquiryServer({ ...DETAIL, read: true, folder: 'spam', spamReason: 'too-fast' });
    const fetchMock = stubInbox({
      [INBOX_PATHS.enquiry('web_dev', 7)]: server.enquiry,
      [INBOX_PATHS.notSpam('web_dev', 7)]: server.notSpam,
    });
    renderDashboard('/dashboard?folder=spam&enquiry=7');
    expect(await screen.findByText(/Caught as spam: sent faster than a person can type/)).toBeInTheDocument();
    const before = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Not spam' }));
    expect(await screen.findByText('Moved to the inbox.')).toBeInTheDocument();
    expect(requestsSince(fetchMock, before)).toEqual([`POST ${INBOX_PATHS.notSpam('web_dev', 7)}`]);
    expect(screen.queryByText(/Caught as spam/)).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(/^ada marked it as not spam/);
  });

  it('offers Undo after Not spam in an enquiry, and Undo puts it back in spam', async () => {
    const server = enquiryServer({ ...DETAIL, read: true, folder: 'spam', spamReason: 'too-fast' });
    const fetchMock = stubInbox({
      [INBOX_PATHS.enquiry('web_dev', 7)]: server.enquiry,
      [INBOX_PATHS.notSpam('web_dev', 7)]: server.notSpam,
      [UNDO_PATH]: server.undo,
    });
    renderDashboard('/dashboard?folder=spam&enquiry=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Not spam' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByText(/^Moved to the inbox\./)).toHaveTextContent('Moved to the inbox. Undo');
    await waitFor(() => expect(undo).toHaveFocus());
    await userEvent.click(undo);
    expect(await screen.findByText('Undone: 1 enquiry is back as before.')).toHaveAttribute('role', 'status');
    expect(requestsTo(fetchMock, UNDO_PATH)).toHaveLength(1);
    expect(await screen.findByText(/Caught as spam: sent faster than a person can type/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not spam' })).toBeInTheDocument();
  });

  it('ends the session when the server answers 401', async () => {
    stubInbox({ [INBOX_PATHS.list('web_dev')]: () => jsonResponse({ success: false }, 401) });
    const { onSessionEnded } = renderDashboard();
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalled());
  });

  it('ends the session once, and says nothing of its own, when a change meets a 401', async () => {
    let signedIn = true;
    const server = enquiryServer(DETAIL);
    stubInbox({
      [INBOX_PATHS.enquiry('web_dev', 7)]: (request) =>
        signedIn ? server.enquiry(request) : jsonResponse({ success: false }, 401),
      [INBOX_PATHS.COUNTS]: () =>
        signedIn ? jsonResponse({ success: true, counts: COUNTS }) : jsonResponse({ success: false }, 401),
    });
    const { onSessionEnded } = renderDashboard('/dashboard?enquiry=7');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toBeEnabled());
    signedIn = false;
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Enrolled');
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/did not work/)).not.toBeInTheDocument();
  });

  it('says how many mails could not be delivered', async () => {
    stubInbox({
      [API_PATHS.FAILED_MAILS]: () =>
        jsonResponse({
          success: true,
          mails: [
            {
              id: 2,
              recipient: 'inbox@agency.test',
              subject: 'New contact message from Bola Ahmed',
              attempts: 8,
              last_error: '451 Mailbox busy',
              created_at: '2026-11-20T09:15:00.000Z',
            },
          ],
        }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByText('1 e-mail could not be delivered'));
    expect(screen.getByText(/to inbox@agency\.test/)).toHaveTextContent('451 Mailbox busy');
  });

  describe('keeping up (issue 17)', () => {
    afterEach(() => window.sessionStorage.clear());

    it('asks every 25 seconds what arrived after the newest row, says "1 new" and shows it on request', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const newcomer = summary({ id: 9, reference: 'WD-0003', name: 'Chi Eze', read: false });
      let arrived = false;
      const fetchMock = stubInbox({
        [INBOX_PATHS.arrivals('web_dev')]: () => jsonResponse({ success: true, count: arrived ? 1 : 0 }),
        [INBOX_PATHS.list('web_dev')]: () => pageOf(arrived ? [newcomer, ADA_ROW, BOLA_ROW] : [ADA_ROW, BOLA_ROW]),
      });
      renderDashboard();
      await screen.findByRole('link', { name: 'Ada Obi' });
      await act(() => vi.advanceTimersByTimeAsync(INBOX_POLL_MS));
      expect(lastQuery(fetchMock, INBOX_PATHS.arrivals('web_dev')).get('since')).toBe('newest-7');
      expect(screen.queryByRole('button', { name: /new$/ })).not.toBeInTheDocument();

      arrived = true;
      const countsBefore = requestsTo(fetchMock, INBOX_PATHS.COUNTS).length;
      await act(() => vi.advanceTimersByTimeAsync(INBOX_POLL_MS));
      const status = await screen.findByText('1 new enquiry');
      expect(status.closest('[role="status"]')).not.toBeNull();
      // The rows being read stay as they were until the staff member asks; the tabs' counts were asked again.
      expect(screen.queryByRole('link', { name: 'Chi Eze' })).not.toBeInTheDocument();
      expect(requestsTo(fetchMock, INBOX_PATHS.COUNTS).length).toBeGreaterThan(countsBefore);
      await userEvent.click(screen.getByRole('button', { name: 'Show 1 new' }));
      expect(await screen.findByRole('link', { name: 'Chi Eze' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('1 new enquiry')).not.toBeInTheDocument());
    });

    it('does not ask while the page is hidden', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const fetchMock = stubInbox({
        [INBOX_PATHS.arrivals('web_dev')]: () => jsonResponse({ success: true, count: 0 }),
      });
      renderDashboard();
      await screen.findByRole('link', { name: 'Ada Obi' });
      const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      // As a browser fires it: at the document, bubbling to the window.
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      await act(() => vi.advanceTimersByTimeAsync(INBOX_POLL_MS * 3));
      expect(requestsTo(fetchMock, INBOX_PATHS.arrivals('web_dev'))).toHaveLength(0);
      hidden.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      await waitFor(() => expect(requestsTo(fetchMock, INBOX_PATHS.arrivals('web_dev'))).toHaveLength(1));
    });

    it('opens an enquiry at its top, and Back to the list returns to the place and the row it left', async () => {
      stubInbox();
      renderDashboard('/dashboard?status=new');
      const link = await screen.findByRole('link', { name: 'Ada Obi' });
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
      await userEvent.click(link);
      await screen.findByRole('heading', { name: 'Ada Obi' });
      expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
      await userEvent.click(screen.getByRole('link', { name: /Back to the list/ }));
      await waitFor(() => expect(screen.getByRole('link', { name: 'Ada Obi' })).toHaveFocus());
      expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    });

    it("names a search's matches in the other tabs, each a link to that tab with the same search", async () => {
      const fetchMock = stubInbox({
        [INBOX_PATHS.MATCHES]: () =>
          jsonResponse({ success: true, matches: { ...NO_MATCHES, web_dev: 2, contact: 3, request_quote: 1 } }),
      });
      renderDashboard('/dashboard?q=ada');
      const hint = await screen.findByRole('navigation', { name: 'Matches in the other tabs' });
      const links = within(hint).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(['3 more in Contact', '1 more in Request Quote']);
      expect(links[0]).toHaveAttribute('href', '/dashboard?kind=contact&q=ada');
      expect(lastQuery(fetchMock, INBOX_PATHS.MATCHES).get('q')).toBe('ada');
    });

    it('keeps a half-typed note for the same account and enquiry when the screen is left, and forgets it once added', async () => {
      const fetchMock = stubInbox({
        [INBOX_PATHS.notes('web_dev', 7)]: () =>
          jsonResponse({
            success: true,
            note: { id: 2, body: 'Half a note', authorId: 1, authorName: 'ada', createdAt: '2026-11-23T09:00:00.000Z' },
          }),
      });
      renderDashboard('/dashboard?enquiry=7');
      await userEvent.type(await screen.findByRole('textbox', { name: 'Add a note' }), 'Half a note');
      cleanup();

      renderDashboard('/dashboard?enquiry=7');
      expect(await screen.findByRole('textbox', { name: 'Add a note' })).toHaveValue('Half a note');
      await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
      await waitFor(() => expect(requestsTo(fetchMock, INBOX_PATHS.notes('web_dev', 7))).toHaveLength(1));
      cleanup();

      renderDashboard('/dashboard?enquiry=7');
      expect(await screen.findByRole('textbox', { name: 'Add a note' })).toHaveValue('');
    });
  });
});
