import { PATHS, type AccountRole, type AuditAction, type StaffAccount } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { accountApprovedMail } from '../../lib/mail-templates';
import { actorOf, recordAudit } from '../audit/audit.service';
import { accountNameOf, destroyUserSessions } from '../auth/auth.service';
import { releaseAssignments } from '../inbox/inbox.service';
import { queueMails } from '../outbox/outbox';
import * as repository from './staff.repository';

type StaffDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'mail'>;

/** What an owner hears when an action does not fit the account as it is now. */
export const STAFF_ERRORS = {
  NOT_FOUND: 'There is no such account.',
  NOT_CONFIRMED: 'This person has not confirmed their e-mail address yet. They can be approved once they have.',
  NOT_PENDING: 'This account is not waiting for approval.',
  NOT_STAFF_OR_OWNER: 'This account is not a staff member or an owner.',
  NOT_STAFF: 'Only a staff member can be made an owner.',
  LAST_OWNER: 'The installation needs an owner: name another owner before removing this one.',
  NOT_OWNER: 'This account is not an owner.',
  LAST_OWNER_DEMOTED: 'The installation needs an owner: name another owner before making this one staff again.',
} as const;

export type StaffAction = 'approve' | 'refuse' | 'remove' | 'make-owner' | 'make-staff';

/** Each action: the roles it starts from, the role it gives, what it is called in the audit log. */
const ACTIONS: Record<
  StaffAction,
  { from: readonly AccountRole[]; to: AccountRole; audit: AuditAction; wrongRole: string }
> = {
  approve: { from: ['pending'], to: 'staff', audit: 'account.approve', wrongRole: STAFF_ERRORS.NOT_PENDING },
  refuse: { from: ['pending'], to: 'refused', audit: 'account.refuse', wrongRole: STAFF_ERRORS.NOT_PENDING },
  remove: {
    from: ['staff', 'owner'],
    to: 'removed',
    audit: 'account.remove',
    wrongRole: STAFF_ERRORS.NOT_STAFF_OR_OWNER,
  },
  'make-owner': { from: ['staff'], to: 'owner', audit: 'account.make-owner', wrongRole: STAFF_ERRORS.NOT_STAFF },
  'make-staff': { from: ['owner'], to: 'staff', audit: 'account.make-staff', wrongRole: STAFF_ERRORS.NOT_OWNER },
};

/** The actions after which an owner is no longer an owner: each keeps at least one (docs/decisions/0022). */
const LAST_OWNER_REFUSALS: Partial<Record<StaffAction, string>> = {
  remove: STAFF_ERRORS.LAST_OWNER,
  'make-staff': STAFF_ERRORS.LAST_OWNER_DEMOTED,
};

/** The actions that take the inbox away from an account: what it was assigned goes back to nobody. */
const LOSES_ACCESS: ReadonlySet<StaffAction> = new Set(['remove', 'refuse']);

function accountOf(row: repository.AccountRow, ownerId: number): StaffAccount {
  return {
    id: row.id,
    username: accountNameOf(row),
    email: row.email,
    role: row.role,
    confirmed: row.confirmed_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
    me: row.id === ownerId,
    editor: row.content_editor === 1,
  };
}

export async function listAccounts(deps: Pick<AppDeps, 'db'>, ownerId: number): Promise<StaffAccount[]> {
  return (await repository.listAccounts(deps.db)).map((row) => accountOf(row, ownerId));
}

/**
 * An owner's decision about an account, with its audit entry, its mail (approval) and the end of its sessions
 * (removal, refusal) in one transaction: it takes effect on the account's very next request, with no restart.
 */
export async function changeAccount(
  deps: StaffDeps,
  action: StaffAction,
  accountId: number,
  ownerId: number,
): Promise<StaffAccount> {
  const rule = ACTIONS[action];
  const now = deps.clock().getTime();
  const account = await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const before = await repository.findAccount(trx, accountId);
      if (!before) throw new AppError(404, STAFF_ERRORS.NOT_FOUND);
      if (!rule.from.includes(before.role)) throw new AppError(409, rule.wrongRole);
      if (action === 'approve' && before.confirmed_at === null) throw new AppError(409, STAFF_ERRORS.NOT_CONFIRMED);
      const lastOwnerRefusal = LAST_OWNER_REFUSALS[action];
      if (lastOwnerRefusal !== undefined && before.role === 'owner') {
        const owners = await repository.lockOwnerIds(trx, deps.dialect);
        if (owners.filter((id) => id !== accountId).length === 0) throw new AppError(409, lastOwnerRefusal);
      }
      if (!(await repository.changeRole(trx, accountId, rule.from, rule.to))) throw new AppError(409, rule.wrongRole);
      let unassigned = 0;
      if (LOSES_ACCESS.has(action)) {
        // A refused account may have been signed in through the allowlist's pre-approval: it ends too.
        await destroyUserSessions(trx, accountId);
        // Nothing stays with someone the inbox no longer names (issue 17); each enquiry's history says who did it.
        unassigned = await releaseAssignments(trx, { assigneeId: accountId, actorId: ownerId, at: now });
      }
      if (action === 'approve') {
        const link = `${deps.config.appUrl}${PATHS.auth}`;
        await queueMails(trx, [{ ...accountApprovedMail(before.email, link), purpose: 'account-approved' }], {
          now,
          from: deps.config.mailFrom,
        });
      }
      await recordAudit(trx, {
        action: rule.audit,
        actor: await actorOf(trx, ownerId),
        target: `account ${before.email}`,
        detail: { from: before.role, to: rule.to, ...(LOSES_ACCESS.has(action) ? { unassigned } : {}) },
        at: now,
      });
      return { ...before, role: rule.to };
    }),
  );
  if (action === 'approve') deps.mail.wake();
  return accountOf(account, ownerId);
}

/**
 * Names a staff member a content editor, or no longer (issue 22): they reach the Content area on their very next
 * request. Owners edit content whatever the flag says; a waiting, refused or removed account cannot be named (409).
 */
export async function setContentEditor(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  accountId: number,
  editor: boolean,
  ownerId: number,
): Promise<StaffAccount> {
  const now = deps.clock().getTime();
  const account = await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const before = await repository.findAccount(trx, accountId);
      if (!before) throw new AppError(404, STAFF_ERRORS.NOT_FOUND);
      if (before.role !== 'staff' && before.role !== 'owner') throw new AppError(409, STAFF_ERRORS.NOT_STAFF_OR_OWNER);
      await repository.setContentEditor(trx, accountId, editor);
      await recordAudit(trx, {
        action: 'content.editor_changed',
        actor: await actorOf(trx, ownerId),
        target: `account ${before.email}`,
        detail: { from: before.content_editor === 1, to: editor },
        at: now,
      });
      return { ...before, content_editor: editor ? 1 : 0 };
    }),
  );
  return accountOf(account, ownerId);
}
