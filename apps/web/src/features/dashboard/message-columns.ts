import type { MessageKind, MessageRowByKind } from '@agency/shared';
import { formatLagosDate } from './format-lagos-date';

export type AnyMessage = MessageRowByKind[MessageKind];

/** The text of one cell: dates in Lagos time, services joined with commas, an unset choice as "Not given". */
export function cellText(message: AnyMessage, name: string): string {
  const values: Readonly<Record<string, unknown>> = message;
  const value = values[name];
  if (name === 'created_at' && typeof value === 'string') return formatLagosDate(value);
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'Not given';
  if (value === null || value === undefined || value === '') return 'Not given';
  return String(value);
}

/** Who sent it, for the Delete button's accessible name ("Delete message from Ada Obi"). */
export function senderOf(message: AnyMessage): string {
  const { firstname, surname, name, email }: Readonly<Record<string, unknown>> = message;
  const fullName = [firstname, surname].filter((part) => typeof part === 'string' && part !== '').join(' ');
  if (fullName) return fullName;
  if (typeof name === 'string' && name !== '') return name;
  return typeof email === 'string' ? email : 'unknown sender';
}
