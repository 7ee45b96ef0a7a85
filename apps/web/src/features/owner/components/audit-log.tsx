import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, STAFF_ADMIN_PATHS, withKindLabel } from '@agency/shared';
import { formatLagosDate } from '@/lib/format-date';
import { isAccessError } from '@/lib/staff-query';
import { useAuditLog } from '../api/list-audit-log';
import { detailText, undoneText } from '../audit-detail';
import { auditFiltersOf, auditSearchOf, type AuditFilters } from '../audit-filters';
import { withQuery } from '../with-query';
import type { OwnerScreenProps } from '../owner-page-props';
import './owner.css';

/**
 * The audit log (issue 12): newest first, filtered by action, actor and Lagos dates (kept in the address), with
 * older entries added below on request and the filtered log as a CSV or Excel download.
 */
export function AuditLog({ accounts }: Pick<OwnerScreenProps, 'accounts'>) {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const search = auditSearchOf(filters);
  const log = useAuditLog(filters);
  const [announcement, setAnnouncement] = useState('');
  /** The first entry an "Older" click added: it takes the focus once it is on screen. */
  const focusEntry = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const id = useId();

  useEffect(() => {
    if (focusEntry.current === null) return;
    listRef.current?.querySelector<HTMLElement>(`[data-entry="${focusEntry.current}"]`)?.focus();
    focusEntry.current = null;
  }, [log.data]);

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const failed = log.isError && !log.data;

  async function showOlder() {
    if (!log.hasNextPage || log.isFetchingNextPage) return;
    const result = await log.fetchNextPage();
    if (result.isFetchNextPageError) {
      if (!isAccessError(result.error)) {
        console.warn('Loading older entries failed', result.error);
        setAnnouncement('Loading older entries did not work. Please try again.');
      }
      return;
    }
    const added = result.data?.pages.at(-1)?.entries ?? [];
    focusEntry.current = added[0]?.id ?? null;
    setAnnouncement(`${added.length} older ${added.length === 1 ? 'entry' : 'entries'} added.`);
  }

  const change = (patch: Partial<Record<keyof AuditFilters, string>>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setAnnouncement('');
    setParams(next);
  };

  const actors = [...accounts].sort((a, b) => a.email.localeCompare(b.email));

  return (
    <div className="owner-sections">
      <section className="owner-card" aria-labelledby={`${id}-filters`}>
        <h2 className="owner-card__title" id={`${id}-filters`}>
          Filters
        </h2>
        <div className="owner-filters">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-action`}>
              Action
            </label>
            <select
              id={`${id}-action`}
              value={filters.action ?? ''}
              onChange={(event) => change({ action: event.target.value })}
            >
              <option value="">Every action</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-actor`}>
              Who
            </label>
            <select
              id={`${id}-actor`}
              value={filters.actorId ?? ''}
              onChange={(event) => change({ actorId: event.target.value })}
            >
              <option value="">Anyone</option>
              {actors.map((account) => (
                <option key={account.id} value={String(account.id)}>
                  {account.email}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-from`}>
              From (Lagos date)
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(event) => change({ from: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-to`}>
              To (Lagos date)
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(event) => change({ to: event.target.value })}
            />
          </div>
        </div>
        <div className="owner-toolbar">
          <a className="btn btn--secondary" href={withQuery(STAFF_ADMIN_PATHS.AUDIT_EXPORT, search)} download>
            Export CSV
          </a>
          <a className="btn btn--secondary" href={withQuery(STAFF_ADMIN_PATHS.AUDIT_EXPORT_XLSX, search)} download>
            Export Excel
          </a>
          {search ? (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => change({ action: '', actorId: '', from: '', to: '' })}
            >
              Clear filters
            </button>
          ) : null}
        </div>
      </section>

      <p className="owner-status" role="status">
        {announcement}
      </p>

      <section className="owner-card" aria-labelledby={`${id}-entries`} aria-busy={log.isPending}>
        <h2 className="owner-card__title" id={`${id}-entries`}>
          Entries, newest first
        </h2>
        {failed ? (
          <p className="owner-empty">The audit log could not be loaded.</p>
        ) : log.isPending ? (
          <p className="owner-empty">Loading...</p>
        ) : entries.length === 0 ? (
          <p className="owner-empty">{search ? 'No entry matches these filters.' : 'The audit log is empty.'}</p>
        ) : (
          <ol className="audit-list" ref={listRef}>
            {entries.map((entry) => (
              <li key={entry.id} className="audit-entry" data-entry={entry.id} tabIndex={-1}>
                <p className="audit-entry__when">
                  <time dateTime={entry.createdAt}>{formatLagosDate(entry.createdAt)}</time>
                </p>
                <p className="audit-entry__who">{entry.actorEmail}</p>
                <div className="audit-entry__what">
                  <p className="audit-entry__action">
                    {AUDIT_ACTION_LABELS[entry.action]}
                    {entry.target ? <span className="audit-entry__target">: {withKindLabel(entry.target)}</span> : null}
                  </p>
                  {Object.keys(entry.detail).length > 0 ? (
                    <p className="audit-entry__detail">{detailText(entry.detail)}</p>
                  ) : null}
                  {entry.undoneAt !== null ? <p className="audit-entry__undone">{undoneText(entry)}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        )}
        {log.hasNextPage ? (
          <div className="owner-toolbar">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={log.isFetchingNextPage}
              onClick={() => void showOlder()}
            >
              {log.isFetchingNextPage ? 'Loading...' : 'Older'}
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
