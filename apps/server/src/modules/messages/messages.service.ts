import {
  API_MESSAGES,
  ENQUIRY_KINDS,
  PATHS,
  storedFieldsOf,
  type MessageKind,
  type MessageRowByKind,
  type SubmissionByKind,
} from '@agency/shared';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config/config';
import type { Database } from '../../lib/database-schema';
import { AppError } from '../../lib/errors';
import { staffNotificationMail } from '../../lib/mail-templates';
import { isStaff } from '../auth/staff-rule';
import { listConfirmedUsers } from '../auth/users.repository';
import { messageIdDomain, queueMails } from '../outbox/outbox';
import * as repository from './messages.repository';

type SubmitDeps = Pick<AppDeps, 'db' | 'mail' | 'clock' | 'config'>;

/**
 * Stores a submission and, in the same transaction, the staff notifications it causes; resolves once both are
 * committed. The mails go out from the outbox afterwards: SMTP never delays or fails a submission.
 */
export async function submitMessage<K extends MessageKind>(
  deps: SubmitDeps,
  kind: K,
  submission: SubmissionByKind[K],
): Promise<number> {
  const now = deps.clock().getTime();
  const id = await deps.db.transaction().execute(async (trx) => {
    const inserted = await repository.insertMessage(trx, kind, submission, now);
    const recipients = await staffRecipients(trx, deps.config);
    await queueMails(
      trx,
      recipients.map((to) => ({ ...notificationOf(deps.config, kind, submission, to), purpose: 'staff-notification' })),
      { now, domain: messageIdDomain(deps.config.mailFrom) },
    );
    return inserted;
  });
  deps.mail.wake();
  return id;
}

/** STAFF_NOTIFY_EMAIL's addresses when set, or else every staff account. */
async function staffRecipients(
  db: Transaction<Database>,
  config: Pick<AppConfig, 'staffNotifyEmails' | 'adminAllowlist'>,
): Promise<string[]> {
  if (config.staffNotifyEmails.length > 0) return config.staffNotifyEmails;
  const users = await listConfirmedUsers(db);
  return users.filter((user) => isStaff(user, config.adminAllowlist)).map((user) => user.email);
}

function notificationOf<K extends MessageKind>(
  config: Pick<AppConfig, 'appUrl'>,
  kind: K,
  submission: SubmissionByKind[K],
  to: string,
) {
  const values: Readonly<Record<string, unknown>> = submission;
  const visitorName =
    typeof values.name === 'string' ? values.name : `${String(values.firstname)} ${String(values.surname)}`;
  return staffNotificationMail({
    to,
    kindTitle: ENQUIRY_KINDS[kind].notificationTitle,
    visitorName,
    visitorEmail: String(values.email),
    fields: storedFieldsOf(kind).map(({ field, column, label }) => ({
      label,
      value: displayValue(values[field]),
      kind: column === 'email' ? ('email' as const) : column === 'phone' ? ('phone' as const) : undefined,
    })),
    dashboardLink: `${config.appUrl}${PATHS.dashboard}`,
  });
}

export function listMessages<K extends MessageKind>(
  deps: Pick<AppDeps, 'db'>,
  kind: K,
  options: repository.ListOptions,
): Promise<{ messages: MessageRowByKind[K][]; total?: number }> {
  return repository.listMessages(deps.db, kind, options);
}

export async function deleteMessage(deps: Pick<AppDeps, 'db'>, kind: MessageKind, id: number): Promise<void> {
  if (!(await repository.deleteMessage(deps.db, kind, id))) throw new AppError(404, API_MESSAGES.MESSAGE_NOT_FOUND);
}

function displayValue(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '(none)';
  if (value === null || value === undefined || value === '') return '(not given)';
  return String(value);
}
