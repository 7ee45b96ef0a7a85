import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_REQUEST_MESSAGES, STAFF_ADMIN_PATHS, type DataRequestAnswer } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { useOwnerCheck } from '../hooks/use-owner-check';
import { DataRequests } from './data-requests';

const enquiry = (id: number, reference: string) => ({
  kind: 'contact' as const,
  id,
  reference,
  createdAt: '2026-11-23T23:30:00.000Z',
  folder: 'inbox' as const,
  status: 'new',
  fields: { name: 'Amaka Obi', email: 'amaka@example.ng' },
});

const FOUND: DataRequestAnswer = {
  success: true,
  enquiries: [enquiry(1, 'CT-26-00001'), enquiry(2, 'CT-26-00002'), { ...enquiry(3, 'WD-26-00003'), kind: 'web_dev' }],
  notes: [1, 2].map((n) => ({
    kind: 'contact' as const,
    enquiryId: 1,
    reference: 'CT-26-00001',
    body: `Called back ${n}`,
    authorName: 'ada',
    createdAt: '2026-11-24T09:00:00.000Z',
  })),
  mails: [1, 2, 3, 4, 5].map((id) => ({
    id,
    purpose: 'contact-copy',
    recipient: 'amaka@example.ng',
    subject: `Your message ${id}`,
    status: 'sent',
    createdAt: '2026-11-24T09:00:00.000Z',
  })),
  totalRecords: 10,
};
const NOTHING: DataRequestAnswer = { success: true, enquiries: [], notes: [], mails: [], totalRecords: 0 };
const ELEVEN: DataRequestAnswer = {
  ...FOUND,
  mails: [...FOUND.mails, { ...FOUND.mails[0]!, id: 6 }],
  totalRecords: 11,
};

const onSessionEnded = vi.fn();

/** What the owner's screen around the page follows: the role check (useOwnerCheck). */
function RoleProbe() {
  return <p>role: {useOwnerCheck(true).status}</p>;
}

const renderPage = () =>
  render(
    <StaffQueryProvider onSessionEnded={onSessionEnded}>
      <DataRequests />
    </StaffQueryProvider>,
  );

async function findAmaka() {
  renderPage();
  await userEvent.type(screen.getByLabelText('E-mail address'), 'amaka@example.ng');
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
}

const queryOf = (url: string | undefined) => new URL(url ?? '', 'http://localhost').searchParams;

describe('the data requests page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for an e-mail address or a phone number before searching', async () => {
    const fetchMock = stubApi({});
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter an e-mail address or a phone number.',
    );
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a phone number with fewer than 6 digits before searching (---- would match everyone without digits)', async () => {
    const fetchMock = stubApi({});
    renderPage();
    await userEvent.type(screen.getByLabelText('Phone number'), '----');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(DATA_REQUEST_MESSAGES.PHONE_TOO_SHORT);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('finds a person by e-mail address: the counts, the records and the download links with the query', async () => {
    const fetchMock = stubApi({ [STAFF_ADMIN_PATHS.DATA_REQUEST]: () => jsonResponse(FOUND) });
    await findAmaka();

    expect(await screen.findByText('3 enquiries, 2 notes, 5 mail records — 10 records')).toBeInTheDocument();
    expect(queryOf(requestsTo(fetchMock, STAFF_ADMIN_PATHS.DATA_REQUEST)[0]?.url).get('email')).toBe(
      'amaka@example.ng',
    );
    expect(screen.getByRole('heading', { name: 'Enquiries (3)' })).toBeInTheDocument();
    expect(screen.getByText('CT-26-00002').closest('li')).toHaveTextContent('Contact · 24 Nov 2026, 00:30');
    expect(screen.getByText('CT-26-00002').closest('li')).toHaveTextContent('Folder: Inbox · Status: New');
    expect(screen.getByText('WD-26-00003').closest('li')).toHaveTextContent('Web Development');
    expect(screen.getByRole('heading', { name: 'Notes (2)' })).toBeInTheDocument();
    expect(screen.getByText('Called back 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mail records (5)' })).toBeInTheDocument();
    expect(screen.getByText('Your message 3').closest('li')).toHaveTextContent('To amaka@example.ng · Sent ·');
    expect(screen.getByText('CT-26-00002').closest('li')).toHaveTextContent(
      'Name: Amaka Obi · E-mail: amaka@example.ng',
    );

    const json = screen.getByRole('link', { name: 'Download JSON' });
    expect(json).toHaveAttribute('href', `${STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON}?email=amaka%40example.ng`);
    expect(json).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download CSV files (ZIP)' })).toHaveAttribute(
      'href',
      `${STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_ZIP}?email=amaka%40example.ng`,
    );
    expect(screen.getByRole('link', { name: 'Download Excel' })).toHaveAttribute(
      'href',
      `${STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_XLSX}?email=amaka%40example.ng`,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Found 3 enquiries, 2 notes, 5 mail records — 10 records.');
  });

  it('finds a person by phone number', async () => {
    const fetchMock = stubApi({ [STAFF_ADMIN_PATHS.DATA_REQUEST]: () => jsonResponse(NOTHING) });
    renderPage();
    await userEvent.type(screen.getByLabelText('Phone number'), '0803 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Nothing is stored about 0803 123 4567.');
    const query = queryOf(requestsTo(fetchMock, STAFF_ADMIN_PATHS.DATA_REQUEST)[0]?.url);
    expect(query.get('phone')).toBe('0803 123 4567');
    expect(query.has('email')).toBe(false);
    expect(screen.queryByRole('button', { name: /Erase/ })).not.toBeInTheDocument();
  });

  it('erases only after a confirmation naming the count, sends that count, and shows a new search finds nothing', async () => {
    const answers = [FOUND, NOTHING];
    const fetchMock = stubApi({
      [STAFF_ADMIN_PATHS.DATA_REQUEST]: () => jsonResponse(answers.shift()),
      [STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE]: () =>
        jsonResponse({ success: true, erased: { enquiries: 3, notes: 2, mails: 5 } }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await findAmaka();
    const erase = await screen.findByRole('button', { name: 'Erase all 10 records' });
    // Beside the button: the backups keep them for a while, and a restore erases them again.
    expect(
      screen.getByText(/The daily backups still hold them until the last backup taken before the erasure is deleted/),
    ).toHaveTextContent(/within five weeks .* If a backup is ever restored, the restore erases them again/);

    await userEvent.click(erase);
    expect(confirm).toHaveBeenCalledWith('Erase all 10 records of amaka@example.ng? This cannot be undone.');
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE)).toHaveLength(0);

    await userEvent.click(erase);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Erased 3 enquiries, 2 notes, 5 mail records of amaka@example.ng. A new search finds nothing.',
      ),
    );
    const [post] = requestsTo(fetchMock, STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE);
    expect(post?.init.method).toBe('POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ email: 'amaka@example.ng', expectedRecords: 10 });
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.DATA_REQUEST)).toHaveLength(2);
    expect(screen.getByText('No enquiry, note or mail record.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Erase/ })).not.toBeInTheDocument();
  });

  it('when the count changed (409), erases nothing, shows the records again and names the new count', async () => {
    const answers = [FOUND, ELEVEN];
    const fetchMock = stubApi({
      [STAFF_ADMIN_PATHS.DATA_REQUEST]: () => jsonResponse(answers.shift()),
      [STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE]: () =>
        jsonResponse({ success: false, message: 'The number of records changed.' }, 409),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await findAmaka();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase all 10 records' }));

    expect(await screen.findByRole('button', { name: 'Erase all 11 records' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing was erased: the number of records changed since the search. amaka@example.ng now has 11 records',
    );
    expect(screen.getByText('3 enquiries, 2 notes, 6 mail records — 11 records')).toBeInTheDocument();
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.DATA_REQUEST)).toHaveLength(2);
  });

  it('checks the role again after a 403, without ending the session', async () => {
    const fetchMock = stubApi({
      [STAFF_ADMIN_PATHS.DATA_REQUEST]: () => jsonResponse({ success: false }, 403),
      [STAFF_ADMIN_PATHS.ACCOUNTS]: () => jsonResponse({ success: false }, 403),
    });
    onSessionEnded.mockReset();
    render(
      <StaffQueryProvider onSessionEnded={onSessionEnded}>
        <RoleProbe />
        <DataRequests />
      </StaffQueryProvider>,
    );
    expect(await screen.findByText('role: not-owner')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'amaka@example.ng');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.ACCOUNTS)).toHaveLength(2));
    expect(screen.getByText('role: not-owner')).toBeInTheDocument();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session on a 401', async () => {
    stubApi({ [STAFF_ADMIN_PATHS.DATA_REQUEST]: () => jsonResponse({ success: false }, 401) });
    onSessionEnded.mockReset();
    await findAmaka();
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalledTimes(1));
  });
});
