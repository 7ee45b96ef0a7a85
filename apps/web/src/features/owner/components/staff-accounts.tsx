import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGE_KIND_LABELS,
  ROLE_LABELS,
  valueLabelOf,
  type OpenEnquiry,
  type RemovedAccountAnswer,
  type StaffAccount,
} from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { formatLagosDate } from '@/lib/format-date';
import { isAccessError } from '@/lib/staff-query';
import { approveAccount } from '../api/approve-account';
import { makeOwner } from '../api/make-owner';
import { makeStaff } from '../api/make-staff';
import { openEnquiriesQuery } from '../api/list-open-enquiries';
import { refuseAccount } from '../api/refuse-account';
import { removeAccount } from '../api/remove-account';
import { setContentEditor } from '../api/set-content-editor';
import { useAccountChange } from '../hooks/use-account-change';
import type { OwnerScreenProps } from '../owner-page-props';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import './owner.css';
import './staff-accounts.css';

type AccountAction = 'approve' | 'refuse' | 'remove' | 'makeOwner' | 'makeStaff';

const ACTIONS: Record<
  AccountAction,
  { label: string; call: (id: number) => Promise<StaffAccount>; doing: string; done: (email: string) => string }
> = {
  approve: {
    label: 'Approve',
    call: approveAccount,
    doing: 'Approving',
    done: (email) => `${email} is approved: they can now use the staff area.`,
  },
  refuse: { label: 'Refuse', call: refuseAccount, doing: 'Refusing', done: (email) => `${email} is refused.` },
  remove: {
    label: 'Remove',
    // Asked with the owner's choice for the open enquiries (RemovalQuestion); without one, nobody takes them.
    call: (id) => removeAccount(id, null).then((answer) => answer.account),
    doing: 'Removing',
    done: (email) => `${email} is removed and signed out.`,
  },
  makeOwner: {
    label: 'Make owner',
    call: makeOwner,
    doing: 'Making an owner of',
    done: (email) => `${email} is now an owner.`,
  },
  makeStaff: {
    label: 'Make staff',
    call: makeStaff,
    doing: 'Making staff of',
    done: (email) => `${email} is staff again, no longer an owner.`,
  },
};

/** What an owner is asked before an action that changes someone's access (issue 17); approving asks nothing. */
interface Question {
  title: string;
  consequence: string;
  confirm: string;
  danger: boolean;
}

const QUESTIONS: Record<Exclude<AccountAction, 'approve'>, (account: StaffAccount) => Question> = {
  refuse: (account) => ({
    title: `Refuse ${account.email}?`,
    consequence:
      'They cannot use the staff area, now or later, even if they sign in again. The account moves to the former and refused accounts.',
    confirm: 'Refuse',
    danger: true,
  }),
  remove: (account) => ({
    title: `Remove ${account.email}${account.me ? ' (you)' : ''}?`,
    consequence: `${account.me ? 'You are' : 'They are'} signed out at once and can no longer use the staff area. The enquiries assigned to ${account.me ? 'you' : 'them'} become unassigned, unless you give the open ones to a colleague below.`,
    confirm: 'Remove',
    danger: true,
  }),
  makeOwner: (account) => ({
    title: `Make ${account.email} an owner?`,
    consequence:
      'Owners can approve, refuse and remove accounts, name other owners, read the audit log and erase a person’s data.',
    confirm: 'Make owner',
    danger: false,
  }),
  makeStaff: (account) => ({
    title: `Make ${account.email}${account.me ? ' (you)' : ''} staff again?`,
    consequence: `${account.me ? 'You keep' : 'They keep'} the inbox but no longer see the Staff, Audit log and Data requests pages. Another owner can name ${account.me ? 'you' : 'them'} again.`,
    confirm: 'Make staff',
    danger: false,
  }),
};

/**
 * The Staff page (issue 12): accounts waiting for approval, the staff and owners, and the former and refused
 * accounts. Each action is announced in the status line, and the account the server answered replaces the old one.
 */
export function StaffAccounts({ accounts }: OwnerScreenProps) {
  const [announcement, setAnnouncement] = useState('');
  const change = useAccountChange();
  const busy = change.isPending ? change.variables.account.id : null;
  const [asking, setAsking] = useState<{
    action: Exclude<AccountAction, 'approve'>;
    account: StaffAccount;
    openEnquiries?: OpenEnquiry[];
  } | null>(null);
  const [looking, setLooking] = useState<number | null>(null);
  const client = useQueryClient();
  const id = useId();

  const waiting = accounts.filter((account) => account.role === 'pending');
  const owners = accounts.filter((account) => account.role === 'owner');
  const staff = [...owners, ...accounts.filter((account) => account.role === 'staff')];
  const former = accounts.filter((account) => account.role === 'refused' || account.role === 'removed');
  const isLastOwner = (account: StaffAccount) => account.role === 'owner' && owners.length === 1;

  function choose(action: AccountAction, account: StaffAccount) {
    if (busy !== null || looking !== null) return;
    if (action === 'approve') run(action, account);
    else if (action === 'remove') void askRemoval(account);
    else setAsking({ action, account });
  }

  /** The removal question opens with the colleague's open enquiries listed (issue 23): asked for first. */
  async function askRemoval(account: StaffAccount) {
    setAnnouncement('');
    setLooking(account.id);
    try {
      const openEnquiries = await client.fetchQuery(openEnquiriesQuery(account.id));
      setAsking({ action: 'remove', account, openEnquiries });
    } catch (error) {
      if (!isAccessError(error)) {
        const reason = error instanceof ApiError ? error.serverMessage : null;
        setAnnouncement(reason ?? `The open enquiries of ${account.email} could not be loaded. Please try again.`);
      }
    } finally {
      setLooking(null);
    }
  }

  function run(action: AccountAction, account: StaffAccount, reassignTo: StaffAccount | null = null) {
    if (busy !== null) return;
    const { doing, done } = ACTIONS[action];
    let handover: RemovedAccountAnswer | undefined;
    const call =
      action === 'remove'
        ? (accountId: number) =>
            removeAccount(accountId, reassignTo?.id ?? null).then((answer) => {
              handover = answer;
              return answer.account;
            })
        : ACTIONS[action].call;
    setAnnouncement('');
    change.mutate(
      { call, account },
      {
        onSuccess: (changed) =>
          setAnnouncement([done(changed.email), handover ? handoverText(handover, reassignTo) : ''].join(' ').trim()),
        onError: (error) => {
          if (isAccessError(error)) return;
          const reason = error instanceof ApiError ? error.serverMessage : null;
          setAnnouncement(reason ?? `${doing} ${account.email} did not work. Please try again.`);
        },
      },
    );
  }

  /** Names a colleague content editor or takes it back (issue 22); owners always edit, so they have no box. */
  function setEditor(account: StaffAccount, editor: boolean) {
    if (busy !== null) return;
    setAnnouncement('');
    change.mutate(
      { call: (accountId) => setContentEditor(accountId, editor), account },
      {
        onSuccess: (changed) =>
          setAnnouncement(
            changed.editor
              ? `${changed.email} can now edit the site’s content.`
              : `${changed.email} can no longer edit the site’s content.`,
          ),
        onError: (error) => {
          if (isAccessError(error)) return;
          const reason = error instanceof ApiError ? error.serverMessage : null;
          setAnnouncement(reason ?? `Changing who edits content did not work for ${account.email}. Please try again.`);
        },
      },
    );
  }

  function answer(confirmed: boolean, reassignTo: StaffAccount | null = null) {
    const question = asking;
    setAsking(null);
    if (confirmed && question) run(question.action, question.account, reassignTo);
  }

  const button = (action: AccountAction, account: StaffAccount, options: { danger?: boolean; note?: string } = {}) => (
    <button
      type="button"
      className={`btn ${options.danger ? 'btn--owner-danger' : 'btn--secondary'} owner-account__action`}
      disabled={busy !== null || looking !== null || options.note !== undefined}
      aria-describedby={options.note}
      onClick={() => choose(action, account)}
    >
      {ACTIONS[action].label}
      <span className="visually-hidden"> {account.email}</span>
    </button>
  );

  return (
    <div className="owner-sections">
      <p className="owner-status" role="status">
        {announcement}
      </p>

      <section className="owner-card" aria-labelledby={`${id}-waiting`}>
        <h2 className="owner-card__title" id={`${id}-waiting`}>
          Waiting for approval
        </h2>
        {waiting.length === 0 ? (
          <p className="owner-empty">Nobody is waiting for approval.</p>
        ) : (
          <ul className="owner-accounts">
            {waiting.map((account) => {
              const noteId = `${id}-unconfirmed-${account.id}`;
              return (
                <li key={account.id} className="owner-account">
                  <AccountSummary account={account}>
                    {account.confirmed ? 'E-mail address confirmed' : 'E-mail address not confirmed yet'}
                  </AccountSummary>
                  <div className="owner-account__actions">
                    {button('approve', account, account.confirmed ? {} : { note: noteId })}
                    {button('refuse', account, { danger: true })}
                  </div>
                  {account.confirmed ? null : (
                    <p className="owner-account__note" id={noteId}>
                      Approve becomes possible once they have confirmed their e-mail address.
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="owner-card" aria-labelledby={`${id}-staff`}>
        <h2 className="owner-card__title" id={`${id}-staff`}>
          Staff
        </h2>
        <ul className="owner-accounts">
          {staff.map((account) => (
            <li key={account.id} className="owner-account">
              <AccountSummary account={account}>
                <span className={`owner-role owner-role--${account.role}`}>{ROLE_LABELS[account.role]}</span>
              </AccountSummary>
              <div className="owner-account__actions">
                {account.role === 'staff' ? (
                  <label className="owner-editor">
                    <input
                      type="checkbox"
                      checked={account.editor === true}
                      disabled={busy !== null}
                      onChange={(event) => setEditor(account, event.target.checked)}
                    />
                    Content editor<span className="visually-hidden"> ({account.email})</span>
                  </label>
                ) : null}
                {account.role === 'staff' ? button('makeOwner', account) : null}
                {account.role === 'owner' && !isLastOwner(account) ? button('makeStaff', account) : null}
                {account.me && isLastOwner(account) ? (
                  <p className="owner-account__note">You are the only owner, so you cannot remove yourself.</p>
                ) : (
                  button('remove', account, { danger: true })
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      {asking?.openEnquiries ? (
        <RemovalQuestion
          account={asking.account}
          openEnquiries={asking.openEnquiries}
          colleagues={staff.filter((colleague) => colleague.id !== asking.account.id)}
          onAnswer={answer}
        />
      ) : asking ? (
        <AccountQuestion {...asking} onAnswer={answer} />
      ) : null}

      {former.length > 0 ? (
        <details className="owner-card owner-former">
          <summary className="owner-former__summary">Former and refused accounts ({former.length})</summary>
          <ul className="owner-accounts">
            {former.map((account) => (
              <li key={account.id} className="owner-account">
                <AccountSummary account={account}>{ROLE_LABELS[account.role]}</AccountSummary>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function AccountSummary({ account, children }: { account: StaffAccount; children: ReactNode }) {
  return (
    <div className="owner-account__who">
      <p className="owner-account__email">
        {account.email}
        {account.me ? <span className="owner-account__me"> (you)</span> : null}
      </p>
      <p className="owner-account__meta">
        {account.username !== account.email ? <span>{account.username} · </span> : null}
        <span>
          Registered <time dateTime={account.createdAt}>{formatLagosDate(account.createdAt)}</time>
        </span>
        <span> · {children}</span>
      </p>
    </div>
  );
}

function AccountQuestion({
  action,
  account,
  onAnswer,
}: {
  action: Exclude<AccountAction, 'approve'>;
  account: StaffAccount;
  onAnswer: (confirmed: boolean) => void;
}) {
  const question = QUESTIONS[action](account);
  return (
    <ConfirmDialog
      title={question.title}
      confirmLabel={question.confirm}
      danger={question.danger}
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      <p>{question.consequence}</p>
    </ConfirmDialog>
  );
}

/** A colleague in the taker list: their name and address, so two of one name are told apart. */
const colleagueText = (colleague: StaffAccount) =>
  `${colleague.username === colleague.email ? colleague.email : `${colleague.username} (${colleague.email})`}${colleague.me ? ', you' : ''}`;

const enquiriesText = (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`;

/** What became of a removed colleague's enquiries, after "… is removed and signed out." */
function handoverText(handover: RemovedAccountAnswer, colleague: StaffAccount | null): string {
  const parts: string[] = [];
  if (handover.reassigned > 0 && colleague) {
    parts.push(`${enquiriesText(handover.reassigned)} now with ${colleague.email}.`);
  }
  if (handover.unassigned > 0) parts.push(`${enquiriesText(handover.unassigned)} now unassigned.`);
  return parts.join(' ');
}

/**
 * Remove, when the colleague holds open enquiries (issue 23): the question lists them by reference, name and kind and
 * asks who takes them over, one colleague or nobody, so the removal and the handover are one step.
 */
function RemovalQuestion({
  account,
  openEnquiries,
  colleagues,
  onAnswer,
}: {
  account: StaffAccount;
  openEnquiries: OpenEnquiry[];
  colleagues: StaffAccount[];
  onAnswer: (confirmed: boolean, reassignTo?: StaffAccount | null) => void;
}) {
  const [takerId, setTakerId] = useState('');
  const id = useId();
  const question = QUESTIONS.remove(account);
  const taker = colleagues.find((colleague) => String(colleague.id) === takerId) ?? null;
  const them = account.me ? 'you' : 'them';
  return (
    <ConfirmDialog
      title={question.title}
      confirmLabel={question.confirm}
      danger={question.danger}
      onConfirm={() => onAnswer(true, taker)}
      onCancel={() => onAnswer(false)}
    >
      {openEnquiries.length === 0 ? (
        <p>
          {account.me ? 'You are' : 'They are'} signed out at once and can no longer use the staff area.{' '}
          {account.me ? 'You hold' : 'They hold'} no open enquiries; any others assigned to {them} become unassigned.
        </p>
      ) : (
        <>
          <p>{question.consequence}</p>
          <p className="staff-removal__count" id={`${id}-count`}>
            {account.me ? 'You hold' : 'They hold'} {enquiriesText(openEnquiries.length)} still open:
          </p>
          <ul className="staff-removal__list" aria-labelledby={`${id}-count`}>
            {openEnquiries.map((enquiry) => (
              <li key={enquiry.id} className="staff-removal__item">
                <span className="staff-removal__reference">{enquiry.reference}</span>
                <span>{enquiry.name}</span>
                <span className="staff-removal__meta">
                  {MESSAGE_KIND_LABELS[enquiry.kind]} · {valueLabelOf(enquiry.status)}
                </span>
              </li>
            ))}
          </ul>
          <div className="field staff-removal__taker">
            <label className="field__label" htmlFor={`${id}-taker`}>
              Give the open enquiries to
            </label>
            <select id={`${id}-taker`} value={takerId} onChange={(event) => setTakerId(event.target.value)}>
              <option value="">Nobody: leave them unassigned</option>
              {colleagues.map((colleague) => (
                <option key={colleague.id} value={colleague.id}>
                  {colleagueText(colleague)}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </ConfirmDialog>
  );
}
