import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STAFF_ADMIN_PATHS,
  STAFF_REMOVAL_PATHS,
  type AccountRole,
  type OpenEnquiry,
  type StaffAccount,
} from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { useOwnerCheck } from '../hooks/use-owner-check';
import { accountOf } from '../test/accounts';
import { StaffAccounts } from './staff-accounts';

const ME = accountOf({ id: 1, email: 'ada@example.ng', username: 'ada', role: 'owner', me: true });
const BOLA = accountOf({ id: 2, email: 'bola@example.ng', username: 'bola', role: 'staff' });
const CHIDI = accountOf({ id: 3, email: 'chidi@example.ng', username: 'chidi', role: 'pending', confirmed: true });
const DAYO = accountOf({ id: 4, email: 'dayo@example.ng', username: 'dayo', role: 'pending', confirmed: false });
const EMEKA = accountOf({ id: 5, email: 'emeka@example.ng', username: 'emeka', role: 'removed' });

/** A fake server holding the accounts: each action changes a role, as the real one does. */
function serveAccounts(initial: StaffAccount[], openEnquiries: Record<number, OpenEnquiry[]> = {}) {
  let accounts = initial;
  const change = (id: number, role: AccountRole) => () => {
    accounts = accounts.map((account) => (account.id === id ? { ...account, role } : account));
    return jsonResponse({ success: true, account: accounts.find((account) => account.id === id) });
  };
  const routes: Parameters<typeof stubApi>[0] = {
    [STAFF_ADMIN_PATHS.ACCOUNTS]: () => jsonResponse({ success: true, accounts }),
  };
  for (const account of initial) {
    routes[STAFF_ADMIN_PATHS.approve(account.id)] = change(account.id, 'staff');
    routes[STAFF_ADMIN_PATHS.refuse(account.id)] = change(account.id, 'refused');
    routes[STAFF_ADMIN_PATHS.remove(account.id)] = async ({ init }) => {
      const { reassignTo } = JSON.parse(String(init.body ?? '{}')) as { reassignTo?: number | null };
      const held = openEnquiries[account.id] ?? [];
      const answer: unknown = await change(account.id, 'removed')().json();
      return jsonResponse({
        ...(answer as object),
        reassigned: reassignTo ? held.length : 0,
        unassigned: reassignTo ? 0 : held.length,
        reassignedTo: reassignTo ?? null,
      });
    };
    routes[STAFF_REMOVAL_PATHS.openEnquiries(account.id)] = () =>
      jsonResponse({ success: true, enquiries: openEnquiries[account.id] ?? [] });
    routes[STAFF_ADMIN_PATHS.makeOwner(account.id)] = change(account.id, 'owner');
    routes[STAFF_ADMIN_PATHS.makeStaff(account.id)] = change(account.id, 'staff');
  }
  return stubApi(routes);
}

const onSessionEnded = vi.fn();

/** The page as the owner's screen shows it: the accounts from the owner check, as each action's answer left them. */
function StaffPage() {
  const owner = useOwnerCheck(true);
  if (owner.status !== 'owner') return <p>{owner.status}</p>;
  return <StaffAccounts accounts={owner.accounts} />;
}

const renderPage = () =>
  render(
    <StaffQueryProvider onSessionEnded={onSessionEnded}>
      <StaffPage />
    </StaffQueryProvider>,
  );

const section = (name: string) => screen.getByRole('region', { name });

describe('the Staff page', () => {
  beforeEach(() => {
    onSessionEnded.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the accounts waiting for approval with when they registered and whether they confirmed', async () => {
    serveAccounts([ME, BOLA, CHIDI, DAYO]);
    renderPage();
    const waiting = await screen.findByRole('region', { name: 'Waiting for approval' });
    const chidi = within(waiting).getByText('chidi@example.ng', { selector: 'p' }).closest('li') as HTMLElement;
    expect(chidi).toHaveTextContent('Registered 21 Nov 2026');
    expect(chidi).toHaveTextContent('E-mail address confirmed');
    expect(within(chidi).getByRole('button', { name: 'Approve chidi@example.ng' })).toBeEnabled();
    expect(within(chidi).getByRole('button', { name: 'Refuse chidi@example.ng' })).toBeEnabled();

    const approveDayo = within(waiting).getByRole('button', { name: 'Approve dayo@example.ng' });
    expect(approveDayo).toBeDisabled();
    expect(approveDayo).toHaveAccessibleDescription(
      'Approve becomes possible once they have confirmed their e-mail address.',
    );
  });

  it('approves an account: the server is asked, the result announced and the account moves to the staff', async () => {
    const fetchMock = serveAccounts([ME, CHIDI]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve chidi@example.ng' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'chidi@example.ng is approved: they can now use the staff area.',
    );
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.approve(3))[0]?.init.method).toBe('POST');
    await waitFor(() =>
      expect(within(section('Staff')).getByText('chidi@example.ng', { selector: 'p' })).toBeInTheDocument(),
    );
    expect(within(section('Waiting for approval')).getByText('Nobody is waiting for approval.')).toBeInTheDocument();
    // The answer is the account as it is now: the list is not asked again.
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.ACCOUNTS)).toHaveLength(1);
  });

  it('refuses an account, which goes to the collapsed list of former and refused accounts', async () => {
    serveAccounts([ME, CHIDI, EMEKA]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse chidi@example.ng' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Refuse chidi@example.ng?' })).getByRole('button', { name: 'Refuse' }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent('chidi@example.ng is refused.');
    const former = await screen.findByText('Former and refused accounts (2)');
    const details = former.closest('details') as HTMLElement;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('chidi@example.ng', { selector: 'p' }).closest('li')).toHaveTextContent('Refused');
    expect(within(details).getByText('emeka@example.ng', { selector: 'p' }).closest('li')).toHaveTextContent('Removed');
  });

  it('removes a staff member only after a question that names them and the consequence; Cancel does nothing', async () => {
    const fetchMock = serveAccounts([ME, BOLA]);
    renderPage();
    const remove = await screen.findByRole('button', { name: 'Remove bola@example.ng' });

    await userEvent.click(remove);
    const question = await screen.findByRole('dialog', { name: 'Remove bola@example.ng?' });
    expect(question).toHaveAccessibleDescription(
      'They are signed out at once and can no longer use the staff area. They hold no open enquiries; any others assigned to them become unassigned.',
    );
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.remove(2))).toHaveLength(0);

    await userEvent.click(remove);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('bola@example.ng is removed and signed out.');
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.remove(2))).toHaveLength(1);
    await waitFor(() =>
      expect(within(section('Staff')).queryByText('bola@example.ng', { selector: 'p' })).not.toBeInTheDocument(),
    );
  });

  it('lists the open enquiries of a colleague being removed, by reference, name and kind, and hands them to the colleague chosen', async () => {
    const CHUKA = accountOf({ id: 6, email: 'chuka@example.ng', username: 'Chuka Obi', role: 'staff' });
    const held: OpenEnquiry[] = [
      { id: 11, kind: 'contact', reference: 'RC-26-00011', name: 'Ngozi Eze', status: 'new' },
      { id: 12, kind: 'web_dev', reference: 'RW-26-00012', name: 'Tunde Bello', status: 'contacted' },
    ];
    const fetchMock = serveAccounts([ME, BOLA, CHUKA], { 2: held });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove bola@example.ng' }));
    const question = await screen.findByRole('dialog', { name: 'Remove bola@example.ng?' });
    const list = within(question).getByRole('list', { name: 'They hold 2 enquiries still open:' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'RC-26-00011Ngozi EzeContact · New',
      'RW-26-00012Tunde BelloWeb Development · Contacted',
    ]);
    const taker = within(question).getByRole('combobox', { name: 'Give the open enquiries to' });
    expect(
      within(taker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nobody: leave them unassigned', 'ada (ada@example.ng), you', 'Chuka Obi (chuka@example.ng)']);
    await userEvent.selectOptions(taker, 'Chuka Obi (chuka@example.ng)');
    await userEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'bola@example.ng is removed and signed out. 2 enquiries now with chuka@example.ng.',
    );
    const [removal] = requestsTo(fetchMock, STAFF_ADMIN_PATHS.remove(2));
    expect(JSON.parse(String(removal?.init.body))).toEqual({ reassignTo: 6 });
  });

  it('makes a staff member an owner, shown with the owner role', async () => {
    const fetchMock = serveAccounts([ME, BOLA]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Make owner bola@example.ng' }));
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.makeOwner(2))).toHaveLength(0);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Make bola@example.ng an owner?' })).getByRole('button', {
        name: 'Make owner',
      }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent('bola@example.ng is now an owner.');
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.makeOwner(2))).toHaveLength(1);
    await waitFor(() =>
      expect(within(section('Staff')).getByText('bola@example.ng', { selector: 'p' }).closest('li')).toHaveTextContent(
        'Owner',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Make owner bola@example.ng' })).not.toBeInTheDocument();
  });

  it('lets the only owner remove others but not themselves', async () => {
    serveAccounts([ME, BOLA]);
    renderPage();
    const me = (
      await within(await screen.findByRole('region', { name: 'Staff' })).findByText('ada@example.ng', { selector: 'p' })
    ).closest('li') as HTMLElement;
    expect(within(me).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(me).toHaveTextContent('You are the only owner, so you cannot remove yourself.');
    expect(screen.getByRole('button', { name: 'Remove bola@example.ng' })).toBeInTheDocument();
  });

  it('makes another owner staff again after asking, and offers no such button to the only owner', async () => {
    const fetchMock = serveAccounts([ME, { ...BOLA, role: 'owner' }]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Make staff bola@example.ng' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Make bola@example.ng staff again?' })).getByRole('button', {
        name: 'Make staff',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('bola@example.ng is staff again, no longer an owner.');
    expect(requestsTo(fetchMock, STAFF_ADMIN_PATHS.makeStaff(2))).toHaveLength(1);
    // Now the only owner: no Make staff for ada.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make owner bola@example.ng' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Make staff ada@example.ng' })).not.toBeInTheDocument();
  });

  it('lets an owner remove themselves when another owner remains', async () => {
    serveAccounts([ME, { ...BOLA, role: 'owner' }]);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Remove ada@example.ng' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove bola@example.ng' })).toBeEnabled();
  });

  it('checks the role again after a 403 on an action, and shows what it finds', async () => {
    serveAccounts([ME, CHIDI]);
    renderPage();
    const approve = await screen.findByRole('button', { name: 'Approve chidi@example.ng' });
    stubApi({
      [STAFF_ADMIN_PATHS.approve(3)]: () => jsonResponse({ success: false, message: 'Owners only.' }, 403),
      [STAFF_ADMIN_PATHS.ACCOUNTS]: () => jsonResponse({ success: false }, 403),
    });
    await userEvent.click(approve);
    expect(await screen.findByText('not-owner')).toBeInTheDocument();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('says what went wrong when an action fails, and keeps the list', async () => {
    serveAccounts([ME, CHIDI]);
    renderPage();
    const approve = await screen.findByRole('button', { name: 'Approve chidi@example.ng' });
    stubApi({
      [STAFF_ADMIN_PATHS.approve(3)]: () =>
        jsonResponse({ success: false, message: 'This address is not confirmed yet.' }, 409),
      [STAFF_ADMIN_PATHS.ACCOUNTS]: () => jsonResponse({ success: true, accounts: [ME, CHIDI] }),
    });
    await userEvent.click(approve);
    expect(await screen.findByRole('status')).toHaveTextContent('This address is not confirmed yet.');
    expect(screen.getByRole('button', { name: 'Approve chidi@example.ng' })).toBeInTheDocument();
  });
});
