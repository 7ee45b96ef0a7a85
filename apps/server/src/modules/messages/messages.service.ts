import {
  API_MESSAGES,
  ENQUIRY_KINDS,
  PATHS,
  storedFieldsOf,
  type MessageKind,
  type MessageRowByKind,
  type SubmissionByKind,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { staffNotificationMail } from '../../lib/mail-templates';
import * as repository from './messages.repository';

type SubmitDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config' | 'logger'>;

/**
 * Stores a submission and resolves once the row is committed. The staff notification is sent
 * afterwards and on its own: a mail failure is logged, never reported as a failed submission.
 */
export async function submitMessage<K extends MessageKind>(
  deps: SubmitDeps,
  kind: K,
  submission: SubmissionByKind[K],
): Promise<number> {
  const id = await repository.insertMessage(deps.db, kind, submission, deps.clock().getTime());
  const notifyTo = deps.config.staffNotifyEmail;
  if (notifyTo) {
    const values: Readonly<Record<string, unknown>> = submission;
    const fields = storedFieldsOf(kind).map(({ field, listedAs }): [string, string] => [
      listedAs,
      displayValue(values[field]),
    ]);
    const mail = staffNotificationMail(
      notifyTo,
      ENQUIRY_KINDS[kind].notificationTitle,
      fields,
      `${deps.config.appUrl}${PATHS.dashboard}`,
    );
    deps.mailer.send(mail).catch((error: unknown) => {
      deps.logger.warn({ err: error, kind, id }, 'staff notification mail failed; the submission is stored');
    });
  }
  return id;
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
