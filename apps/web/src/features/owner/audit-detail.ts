import type { AuditEntry } from '@agency/shared';
import { formatLagosDate } from '@/lib/format-date';

import { MESSAGE_KIND_LABELS, valueLabelOf } from '@agency/shared';

/** The detail keys whose words would not read right from the key alone. */
const KEY_LABELS: Readonly<Record<string, string>> = {
  q: 'Search',
  id: 'Id',
  assignee: 'Assigned to',
  references: 'References',
  rowCount: 'Rows',
};

/** The keys whose values are stored keys (a kind, folder, status, role): shown by their labels. */
const LABELLED_KEYS = new Set(['kind', 'folder', 'status', 'from', 'to', 'role']);

/**
 * The keys kept for the machine, not for reading: an erasure's hashes, which a restore uses to erase the person
 * again (docs/decisions/0049).
 */
const UNREAD_KEYS = new Set(['restoreKey']);

/** "expectedRecords" -> "Expected records": the detail's keys are API names, read as words. */
function keyLabelOf(key: string): string {
  const label = KEY_LABELS[key] ?? (Object.hasOwn(MESSAGE_KIND_LABELS, key) ? valueLabelOf(key) : undefined);
  if (label !== undefined) return label;
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown, labelled: boolean): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map((each) => valueText(each, labelled)).join(', ');
  if (typeof value === 'object') return `(${detailText(value as Record<string, unknown>, ', ', true)})`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return labelled ? valueLabelOf(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * An audit entry's detail in one line, each key by its label and each stored key among the values (kind, folder,
 * status, role; every value of the filters) by its label: "Count: 3 · Filters (Folder: Inbox, Status: New)".
 */
export function detailText(detail: Record<string, unknown>, separator = ' · ', labelAll = false): string {
  return Object.entries(detail)
    .filter(([key, value]) => value !== undefined && value !== '' && !UNREAD_KEYS.has(key))
    .map(([key, value]) => {
      const labelled = labelAll || LABELLED_KEYS.has(key);
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? `${keyLabelOf(key)} ${valueText(value, true)}`
        : `${keyLabelOf(key)}: ${valueText(value, labelled)}`;
    })
    .join(separator);
}

/** The mark of an action taken back with Undo (docs/decisions/0044): "Undone 27 Nov 2026, 10:02 by ada@agency.ng". */
export function undoneText(entry: Pick<AuditEntry, 'undoneAt' | 'undoneBy'>): string | null {
  if (entry.undoneAt === null) return null;
  return `Undone ${formatLagosDate(entry.undoneAt)}${entry.undoneBy === null ? '' : ` by ${entry.undoneBy}`}`;
}
