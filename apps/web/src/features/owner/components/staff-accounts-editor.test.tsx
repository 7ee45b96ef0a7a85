import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_PATHS, STAFF_ADMIN_PATHS, type StaffAccount } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { useOwnerCheck } from '../hooks/use-owner-check';
import { accountOf } from '../test/accounts';
import { StaffAccounts } from './staff-accounts';

const ME = accountOf({ id: 1, email: 'ada@example.ng', username: 'ada', role: 'owner', me: true });
const BOLA = accountOf({ id: 2, email: 'bola@example.ng', username: 'bola', role: 'staff', editor: false });

function StaffPage() {
  const owner = useOwnerCheck(true);
  if (owner.status !== 'owner') return <p>{owner.status}</p>;
  return <StaffAccounts accounts={owner.accounts} />;
}

/** A fake server whose PUT editor answers the account with the flag it was sent (or refuses it). */
function serve(answer: (editor: boolean) => Response | null = () => null) {
  let accounts: StaffAccount[] = [ME, BOLA];
  return stubApi({
    [STAFF_ADMIN_PATHS.ACCOUNTS]: () => jsonResponse({ success: true, accounts }),
    [CONTENT_PATHS.editor(BOLA.id)]: ({ init }) => {
      const { editor } = JSON.parse(String(init.body)) as { editor: boolean };
      const refusal = answer(editor);
      if (refusal) return refusal;
      accounts = accounts.map((account) => (account.id === BOLA.id ? { ...account, editor } : account));
      return jsonResponse({ success: true, account: accounts.find((account) => account.id === BOLA.id) });
    },
  });
}

const renderPage = () =>
  render(
    <StaffQueryProvider onSessionEnded={vi.fn()}>
      <StaffPage />
    </StaffQueryProvider>,
  );

describe('naming content editors on the Staff page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('makes a colleague an editor and back, sending the flag and announcing each change', async () => {
    const fetchMock = serve();
    renderPage();
    const box = await screen.findByRole('checkbox', { name: 'Content editor (bola@example.ng)' });
    expect(box).not.toBeChecked();
    // Owners always edit: they have no box.
    expect(screen.queryByRole('checkbox', { name: /ada@example\.ng/ })).toBeNull();

    await userEvent.click(box);
    expect(await screen.findByRole('status')).toHaveTextContent('bola@example.ng can now edit the site’s content.');
    await waitFor(() => expect(box).toBeChecked());

    await userEvent.click(box);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('bola@example.ng can no longer edit the site’s content.'),
    );
    expect(box).not.toBeChecked();

    const sent = requestsTo(fetchMock, CONTENT_PATHS.editor(BOLA.id));
    expect(sent.map((request) => [request.init.method, JSON.parse(String(request.init.body))])).toEqual([
      ['PUT', { editor: true }],
      ['PUT', { editor: false }],
    ]);
  });

  it('when the server refuses, says why and leaves the box as it was', async () => {
    serve(() => jsonResponse({ success: false, message: 'That account is no longer staff.' }, 409));
    renderPage();
    const box = await screen.findByRole('checkbox', { name: 'Content editor (bola@example.ng)' });
    await userEvent.click(box);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('That account is no longer staff.'));
    expect(box).not.toBeChecked();
  });
});
