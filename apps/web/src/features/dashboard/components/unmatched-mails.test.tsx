import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNMATCHED_MAIL_PATHS } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { UnmatchedMails } from './unmatched-mails';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MAIL = {
  id: 5,
  fromAddress: 'sadiya@example.ng',
  fromName: 'Sàdíyà Umar',
  subject: 'About my order',
  preview: 'Please call me.',
  automated: null,
  receivedAt: '2026-11-22T09:00:00.000Z',
  attachments: 1,
};

describe('UnmatchedMails', () => {
  it('shows nothing while no received mail is unmatched', async () => {
    const fetchMock = stubApi({
      [UNMATCHED_MAIL_PATHS.LIST]: () => jsonResponse({ success: true, mails: [], total: 0, next: null }),
    });
    const { container } = render(
      <StaffQueryProvider onSessionEnded={() => undefined}>
        <UnmatchedMails />
      </StaffQueryProvider>,
    );
    await waitFor(() => expect(requestsTo(fetchMock, UNMATCHED_MAIL_PATHS.LIST)).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it('files a mail with the enquiry a labelled field names, and announces it', async () => {
    let filed = false;
    const fetchMock = stubApi({
      [UNMATCHED_MAIL_PATHS.LIST]: () =>
        jsonResponse({ success: true, mails: filed ? [] : [MAIL], total: filed ? 0 : 1, next: null }),
      [UNMATCHED_MAIL_PATHS.attach(5)]: () => {
        filed = true;
        return jsonResponse({ success: true, enquiryId: 3, reference: 'RD-26-00003' });
      },
    });
    render(
      <StaffQueryProvider onSessionEnded={() => undefined}>
        <UnmatchedMails />
      </StaffQueryProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText('1 received e-mail matched no enquiry'));
    expect(screen.getByText(/Sàdíyà Umar/)).toBeTruthy();
    await user.type(screen.getByLabelText('Enquiry reference'), 'RD-26-00003');
    await user.click(screen.getByRole('button', { name: 'File with this enquiry' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Filed with RD-26-00003.');
    const [sent] = requestsTo(fetchMock, UNMATCHED_MAIL_PATHS.attach(5));
    expect(JSON.parse(String(sent?.init.body))).toEqual({ reference: 'RD-26-00003' });
  });

  it('shows older mails a page at a time, asking for those before the last one shown', async () => {
    const fetchMock = stubApi({
      [UNMATCHED_MAIL_PATHS.LIST]: ({ url }) =>
        url.includes('before=5')
          ? jsonResponse({ success: true, mails: [{ ...MAIL, id: 4, subject: 'An older one' }], total: 2, next: null })
          : jsonResponse({ success: true, mails: [MAIL], total: 2, next: 5 }),
    });
    render(
      <StaffQueryProvider onSessionEnded={() => undefined}>
        <UnmatchedMails />
      </StaffQueryProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText('2 received e-mails matched no enquiry'));
    await user.click(screen.getByRole('button', { name: 'Show older (1 more)' }));
    expect(await screen.findByText('An older one')).toBeTruthy();
    expect(screen.getByText('About my order')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show older/ })).toBeNull();
    expect(requestsTo(fetchMock, UNMATCHED_MAIL_PATHS.LIST).map((sent) => sent.url)).toEqual([
      UNMATCHED_MAIL_PATHS.LIST,
      `${UNMATCHED_MAIL_PATHS.LIST}?before=5`,
    ]);
  });
});
