import { MESSAGE_KIND_FIELDS, type MessageKind, type MessageRowByKind } from '@agency/shared';
import { formatLagosDate } from './format-lagos-date';

type MessageField = (typeof MESSAGE_KIND_FIELDS)[MessageKind][number];

/** Column headings people read, for the stored field names of spec 3. */
const FIELD_LABELS: Record<MessageField, string> = {
  firstname: 'First name',
  surname: 'Surname',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  schedule: 'Schedule',
  trainingType: 'Training type',
  occupation: 'Occupation',
  state: 'State',
  referral: 'Referral',
  message: 'Message',
  location: 'Location',
  project_description: 'Project description',
  services: 'Services',
  created_at: 'Received',
};

/** Long free text gets a wider, wrapping column; phone numbers stay on one line. */
const LONG_TEXT_FIELDS = new Set<MessageField>(['message', 'project_description']);
const ONE_LINE_FIELDS = new Set<MessageField>(['phone']);

export interface MessageColumn {
  field: MessageField;
  label: string;
  layout: 'long' | 'one-line' | 'normal';
}

export function columnsOf(kind: MessageKind): MessageColumn[] {
  return MESSAGE_KIND_FIELDS[kind].map((field) => ({
    field,
    label: FIELD_LABELS[field],
    layout: LONG_TEXT_FIELDS.has(field) ? 'long' : ONE_LINE_FIELDS.has(field) ? 'one-line' : 'normal',
  }));
}

export type AnyMessage = MessageRowByKind[MessageKind];

/** The text of one cell: dates in Lagos time, services joined with commas, an unset choice as "Not given". */
export function cellText(message: AnyMessage, field: MessageField): string {
  const value = (message as unknown as Record<string, unknown>)[field];
  if (field === 'created_at' && typeof value === 'string') return formatLagosDate(value);
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'Not given';
  if (value === null || value === undefined || value === '') return 'Not given';
  return String(value);
}

/** Who sent it, for the Delete button's accessible name ("Delete message from Ada Obi"). */
export function senderOf(message: AnyMessage): string {
  const { firstname, surname, name, email } = message as unknown as Record<string, unknown>;
  const fullName = [firstname, surname].filter((part) => typeof part === 'string' && part !== '').join(' ');
  if (fullName) return fullName;
  if (typeof name === 'string' && name !== '') return name;
  return typeof email === 'string' ? email : 'unknown sender';
}
