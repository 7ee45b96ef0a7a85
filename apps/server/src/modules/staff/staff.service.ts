import {
  API_MESSAGES,
  PATHS,
  STAFF_REMOVAL_MESSAGES,
  type AccountRole,
  type AuditAction,
  type OpenEnquiry,
  type RemovedAccountAnswer,
  type StaffAccount,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { withConflictRetry } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { accountApprovedMail } from '../../lib/mail-templates';
import { queueAssignmentMail } from '../assignment-mail/assignment-mail.service';
import { actorOf, recordAudit } from '../audit/audit.service';
import { accountNameOf, destroyUserSessions } from '../auth/auth.service';
import { handOverAssignments, listOpenAssigned } from '../inbox/inbox.service';
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

/** The open enquiries an account holds, which its removal hands on (issue 23); 404 for an unknown account. */
export async function listOpenEnquiriesOf(deps: Pick<AppDeps, 'db'>, accountId: number): Promise<OpenEnquiry[]> {
  if (!(await repository.findAccount(deps.db, accountId))) throw new AppError(404, STAFF_ERRORS.NOT_FOUND);
  return listOpenAssigned(deps.db, accountId);
}

/**
 * Removes a colleague and hands their open enquiries to `reassignTo` (a staff member or owner other than them), or to
 * nobody when it is null, in the removal's one transaction (docs/decisions/0048). The answer says how many went where.
 */
export async function removeAccount(
  deps: StaffDeps,
  accountId: number,
  ownerId: number,
  reassignTo: number | null,
): Promise<Omit<RemovedAccountAnswer, 'success'>> {
  const { account, handover } = await applyChange(deps, 'remove', accountId, ownerId, reassignTo);
  return { account, reassigned: handover.reassigned, unassigned: handover.unassigned, reassignedTo: reassignTo };
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
  return (await applyChange(deps, action, accountId, ownerId, null)).account;
}

/** The colleague who takes a removed account's open enquiries: another account that may use the inbox (400 if not). */
async function checkReassignTo(
  trx: Parameters<typeof repository.findAccount>[0],
  deps: StaffDeps,
  reassignTo: number,
  accountId: number,
): Promise<repository.AccountRow> {
  if (reassignTo === accountId) {
    throw new AppError(400, API_MESSAGES.INVALID_INPUT, { reassignTo: STAFF_REMOVAL_MESSAGES.REASSIGN_TO_NOBODY_ELSE });
  }
  // Locked on MySQL, so the colleague cannot be removed in the same moment and leave the enquiries with nobody.
  const colleague = await repository.lockAccount(trx, reassignTo, deps.dialect);
  if (!colleague || (colleague.role !== 'staff' && colleague.role !== 'owner')) {
    throw new AppError(400, API_MESSAGES.INVALID_INPUT, { reassignTo: STAFF_REMOVAL_MESSAGES.REASSIGN_TO_STAFF });
  }
  return colleague;
}

async function applyChange(
  deps: StaffDeps,
  action: StaffAction,
  accountId: number,
  ownerId: number,
  reassignTo: number | null,
): Promise<{ account: StaffAccount; handover: { reassigned: number; unassigned: number } }> {
  const rule = ACTIONS[action];
  const now = deps.clock().getTime();
  const changed = await withConflictRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const before = await repository.findAccount(trx, accountId);
      if (!before) throw new AppError(404, STAFF_ERRORS.NOT_FOUND);
      if (!rule.from.includes(before.role)) throw new AppError(409, rule.wrongRole);
      const colleague = reassignTo === null ? null : await checkReassignTo(trx, deps, reassignTo, accountId);
      if (action === 'approve' && before.confirmed_at === null) throw new AppError(409, STAFF_ERRORS.NOT_CONFIRMED);
      const lastOwnerRefusal = LAST_OWNER_REFUSALS[action];
      if (lastOwnerRefusal !== undefined && before.role === 'owner') {
        const owners = await repository.lockOwnerIds(trx, deps.dialect);
        if (owners.filter((id) => id !== accountId).length === 0) throw new AppError(409, lastOwnerRefusal);
      }
      if (!(await repository.changeRole(trx, accountId, rule.from, rule.to))) throw new AppError(409, rule.wrongRole);
      let handover = { reassigned: [] as OpenEnquiry[], unassigned: 0 };
      if (LOSES_ACCESS.has(action)) {
        // A refused account may have been signed in through the allowlist's pre-approval: it ends too.
        await destroyUserSessions(trx, accountId);
        // Nothing stays with someone the inbox no longer names (issue 17): the open enquiries go to the colleague
        // chosen, if any (issue 23), the rest to nobody; each enquiry's history says who did it.
        handover = await handOverAssignments(trx, {
          assigneeId: accountId,
          to: colleague?.id ?? null,
          actorId: ownerId,
          at: now,
        });
        // The colleague hears of each as of any assignment (issue 23 item 4), unless they turned those mails off.
        for (const enquiry of handover.reassigned) {
          await queueAssignmentMail(trx, deps, {
            enquiryId: enquiry.id,
            assigneeId: colleague?.id ?? null,
            actorId: ownerId,
            at: now,
          });
        }
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
        detail: {
          from: before.role,
          to: rule.to,
          ...(LOSES_ACCESS.has(action) ? { unassigned: handover.unassigned } : {}),
          ...(colleague
            ? {
                reassigned: handover.reassigned.length,
                reassignedTo: colleague.email,
                references: handover.reassigned.map((enquiry) => enquiry.reference),
              }
            : {}),
        },
        at: now,
      });
      return {
        account: { ...before, role: rule.to },
        handover: { reassigned: handover.reassigned.length, unassigned: handover.unassigned },
      };
    }),
  );
  if (action === 'approve' || changed.handover.reassigned > 0) deps.mail.wake();
  return { account: accountOf(changed.account, ownerId), handover: changed.handover };
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
