/** "expectedRecords" -> "expected records": the detail's keys are API names, read as words. */
const wordsOf = (key: string) =>
  key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') return `(${detailText(value as Record<string, unknown>, ', ')})`;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** An audit entry's detail in one line: "count: 3 · filters (folder: inbox, status: new)". */
export function detailText(detail: Record<string, unknown>, separator = ' · '): string {
  return Object.entries(detail)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? `${wordsOf(key)} ${valueText(value)}`
        : `${wordsOf(key)}: ${valueText(value)}`,
    )
    .join(separator);
}
