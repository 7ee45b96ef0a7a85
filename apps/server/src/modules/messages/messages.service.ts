import type { MessageKind } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { staffNotificationMail } from '../../lib/mail-templates';
import { insertMessage } from './messages.repository';
import { inputKeyOf, MESSAGE_KIND_DEFINITIONS, storedFieldsOf } from './message-kinds';

type SubmitDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config' | 'logger'>;

/**
 * Stores a submission and resolves once the row is committed. The staff notification is sent
 * afterwards and on its own: a mail failure is logged, never reported as a failed submission.
 */
export async function submitMessage(
  deps: SubmitDeps,
  kind: MessageKind,
  input: Record<string, unknown>,
): Promise<number> {
  const id = await insertMessage(deps.db, kind, input, deps.clock().getTime());
  const notifyTo = deps.config.staffNotifyEmail;
  if (notifyTo) {
    const fields = storedFieldsOf(kind).map((field): [string, string] => [
      field,
      displayValue(input[inputKeyOf(field)]),
    ]);
    const mail = staffNotificationMail(
      notifyTo,
      MESSAGE_KIND_DEFINITIONS[kind].title,
      fields,
      `${deps.config.appUrl}/dashboard`,
    );
    deps.mailer.send(mail).catch((error: unknown) => {
      deps.logger.warn({ err: error, kind, id }, 'staff notification mail failed; the submission is stored');
    });
  }
  return id;
}

function displayValue(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '(none)';
  if (value === null || value === undefined || value === '') return '(not given)';
  return String(value);
}
