import type { Kysely, Transaction } from 'kysely';
import { API_MESSAGES, dashboardEnquiryPath, ENQUIRY_KINDS, FORMER_COLLEAGUE, PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import type { Database, EpochMs } from '../../lib/database-schema';
import { AppError } from '../../lib/errors';
import { assignmentMail } from '../../lib/mail-templates';
import { accountNameOf, findUserById, isStaff } from '../auth/auth.service';
import { queueMail } from '../outbox/outbox';
import * as repository from './assignment-mail.repository';

/**
 * A mail to the person a colleague assigns an enquiry to (issue 23 item 4, docs/decisions/0046), unless they turned
 * it off. It is written into the outbox inside the assignment's own transaction, so it exists exactly when the
 * assignment is committed and the outbox sends it once, whichever instance and however many restarts.
 */
export async function queueAssignmentMail(
  trx: Kysely<Database> | Transaction<Database>,
  deps: Pick<AppDeps, 'config'>,
  assignment: { enquiryId: number; assigneeId: number | null; actorId: number; at: EpochMs },
): Promise<void> {
  const { assigneeId, actorId } = assignment;
  // Taking an enquiry yourself, or leaving it to nobody, tells nobody anything new.
  if (assigneeId === null || assigneeId === actorId) return;
  const assignee = await findUserById(trx, assigneeId);
  if (!assignee || !isStaff(assignee, deps.config.adminAllowlist)) return;
  if (!(await repository.readAssignmentMailEnabled(trx, assigneeId))) return;
  const enquiry = await repository.findAssignedEnquiry(trx, assignment.enquiryId);
  if (!enquiry) return;
  const actor = await findUserById(trx, actorId);
  const { appUrl, mailFrom } = deps.config;
  await queueMail(
    trx,
    {
      ...assignmentMail({
        to: assignee.email,
        assignerName: actor ? accountNameOf(actor) : FORMER_COLLEAGUE,
        kindTitle: ENQUIRY_KINDS[enquiry.kind].notificationTitle,
        reference: enquiry.reference,
        visitorName: enquiry.name,
        enquiryLink: `${appUrl}${dashboardEnquiryPath(enquiry.kind, enquiry.id)}`,
        settingLink: `${appUrl}${PATHS.dashboard}`,
      }),
      purpose: 'assignment',
      enquiryId: enquiry.id,
    },
    { now: assignment.at, from: mailFrom },
  );
}

export async function assignmentMailSettingOf(deps: Pick<AppDeps, 'db'>, userId: number): Promise<boolean> {
  const enabled = await repository.readAssignmentMailEnabled(deps.db, userId);
  if (enabled === undefined) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
  return enabled;
}

export async function saveAssignmentMailSetting(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  enabled: boolean,
): Promise<boolean> {
  await repository.writeAssignmentMailEnabled(deps.db, userId, enabled);
  return assignmentMailSettingOf(deps, userId);
}
