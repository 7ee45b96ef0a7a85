import { MESSAGE_KIND_LABELS, MESSAGE_KINDS, type MessageKind } from './enquiry-kinds';
import { FOLDER_LABELS, STATUS_LABELS } from './inbox';
import { ROLE_LABELS } from './staff-admin';

/** What became of a mail the outbox holds (its `status` column), in words. */
export const MAIL_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Could not be sent',
};

const isKind = (value: string): value is MessageKind => MESSAGE_KINDS.some((kind) => kind === value);

/** The label of a key the API stores (a kind, folder, status or role); a value that is none of these, as it is. */
export function valueLabelOf(value: string): string {
  if (isKind(value)) return MESSAGE_KIND_LABELS[value];
  if (value === 'all') return 'All';
  const labels: ReadonlyArray<Readonly<Record<string, string>>> = [FOLDER_LABELS, STATUS_LABELS, ROLE_LABELS];
  for (const table of labels) if (Object.hasOwn(table, value)) return table[value] ?? value;
  return value;
}

/**
 * A text that begins with a kind's key, after a count or not ("2 web_dev enquiries", "contact RC-26-00012", as the
 * audit log's older targets are), with the kind named by its label instead.
 */
export function withKindLabel(text: string): string {
  return text.replace(/^(\d+ )?([a-z_]+)(?= |$)/, (whole, count: string | undefined, key: string) =>
    isKind(key) ? `${count ?? ''}${MESSAGE_KIND_LABELS[key]}` : whole,
  );
}
