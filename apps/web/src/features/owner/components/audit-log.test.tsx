import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ADMIN_PATHS, type AuditEntry } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi, type StubbedRequest } from '@/test/stub-api';
import { accountOf } from '../test/accounts';
import { AuditLog } from './audit-log';

const ADA = accountOf({ id: 1, email: 'ada@example.ng', me: true });
const BOLA = accountOf({ id: 2, email: 'bola@example.ng', role: 'staff' });

const entryOf = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 50,
  action: 'account.approve',
  actorId: 1,
  actorEmail: 'ada@example.ng',
  target: 'account bola@example.ng',
  detail: {},
  // 23:30 UTC is 00:30 the next day in Lagos.
  createdAt: '2026-11-23T23:30:00.000Z',
  undoneAt: null,
  undoneBy: null,
  ...overrides,
});

const FIRST_PAGE = [
  entryOf({ id: 50 }),
  entryOf({
    id: 49,
    action: 'enquiry.export',
    target: '1205 enquiries',
    detail: { kind: 'contact', rowCount: 1205, filters: { folder: 'inbox', status: 'new' } },
  }),
  entryOf({ id: 48, action: 'retention.purge', actorId: null, actorEmail: 'the server', target: '3 enquiries' }),
];
const OLDER_PAGE = [
  entryOf({ id: 47, action: 'data-request.erase', target: 'amaka@example.ng', detail: { records: 10 } }),
];

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.search}</p>;
}

function renderLog(search = '') {
  render(
    <MemoryRouter initialEntries={[`/dashboard/audit-log${search}`]}>
      <StaffQueryProvider onSessionEnded={vi.fn()}>
        <AuditLog accounts={[ADA, BOLA]} />
        <Address />
      </StaffQueryProvider>
    </MemoryRouter>,
  );
}

/** The audit endpoint: the first page, or the older one when asked with after=48. */
function serveLog() {
  return stubApi({
    [STAFF_ADMIN_PATHS.AUDIT]: ({ url }: StubbedRequest) =>
      new URL(url, 'http://localhost').searchParams.get('after') === '48'
        ? jsonResponse({ success: true, entries: OLDER_PAGE, older: null, newer: 47 })
        : jsonResponse({ success: true, entries: FIRST_PAGE, older: 48, newer: null }),
  });
}

const lastQuery = (fetchMock: ReturnType<typeof stubApi>) =>
  new URL(requestsTo(fetchMock, STAFF_ADMIN_PATHS.AUDIT).at(-1)?.url ?? '', 'http://localhost').searchParams;

describe('the audit log', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each entry, newest first: when in Lagos time, who, what, the target and the detail', async () => {
    serveLog();
    renderLog();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('24 Nov 2026');
    expect(items[0]).toHaveTextContent('ada@example.ng');
    expect(items[0]).toHaveTextContent('Approved an account: account bola@example.ng');
    expect(items[1]).toHaveTextContent('Exported enquiries: 1205 enquiries');
    expect(items[1]).toHaveTextContent('Kind: Contact · Rows: 1205 · Filters (Folder: Inbox, Status: New)');
    expect(items[2]).toHaveTextContent('the server');
    expect(items[2]).toHaveTextContent('Purged expired data: 3 enquiries');
  });

  it('writes the chosen filters into the request, the address and the export link', async () => {
    const fetchMock = serveLog();
    renderLog();
    await screen.findByRole('list');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Approved an account');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Who' }), 'bola@example.ng');
    await userEvent.type(screen.getByLabelText('From (Lagos date)'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To (Lagos date)'), '2026-11-24');

    await waitFor(() => expect(lastQuery(fetchMock).get('to')).toBe('2026-11-24'));
    const query = lastQuery(fetchMock);
    expect(query.get('action')).toBe('account.approve');
    expect(query.get('actorId')).toBe('2');
    expect(query.get('from')).toBe('2026-11-01');
    expect(query.has('after')).toBe(false);

    const expected = 'action=account.approve&actorId=2&from=2026-11-01&to=2026-11-24';
    expect(screen.getByTestId('address')).toHaveTextContent(`?${expected}`);
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', `${STAFF_ADMIN_PATHS.AUDIT_EXPORT}?${expected}`);
    expect(exportLink).toHaveAttribute('download');
    const workbookLink = screen.getByRole('link', { name: 'Export Excel' });
    expect(workbookLink).toHaveAttribute('href', `${STAFF_ADMIN_PATHS.AUDIT_EXPORT_XLSX}?${expected}`);
    expect(workbookLink).toHaveAttribute('download');
  });

  it('starts from the filters in the address and clears them', async () => {
    const fetchMock = serveLog();
    renderLog('?action=data-request.erase&actorId=1');
    await screen.findByRole('list');
    expect(lastQuery(fetchMock).get('action')).toBe('data-request.erase');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('data-request.erase');
    expect(screen.getByRole('combobox', { name: 'Who' })).toHaveValue('1');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(fetchMock).toString()).toBe(''));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', STAFF_ADMIN_PATHS.AUDIT_EXPORT);
  });

  it('adds the older entries below with the `older` id as `after`, then has no Older button left', async () => {
    const fetchMock = serveLog();
    renderLog('?action=data-request.erase');
    await screen.findByRole('list');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));

    expect(await screen.findByText(/Erased a person's data/, { selector: 'p' })).toBeInTheDocument();
    const query = lastQuery(fetchMock);
    expect(query.get('after')).toBe('48');
    expect(query.get('action')).toBe('data-request.erase');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('1 older entry added.');
    expect(screen.getByText(/Erased a person's data/, { selector: 'p' }).closest('li')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });

  it('says so when no entry matches', async () => {
    stubApi({
      [STAFF_ADMIN_PATHS.AUDIT]: () => jsonResponse({ success: true, entries: [], older: null, newer: null }),
    });
    renderLog('?from=2026-01-01');
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
  });
});
