import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import {
  ALL_KINDS,
  INBOX_PATHS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  PREVIEW_MAX_CHARACTERS,
  SNOOZE_COPY,
  SPEC_MESSAGES,
  STATUS_LABELS,
  storedPreviewText,
  type EnquirySummary,
  type InboxPage,
} from '@agency/shared';
import { countText } from '@/lib/count-text';
import { useArrivals } from '../api/count-arrivals';
import { useMatches } from '../api/count-matches';
import { useEnquiries } from '../api/list-enquiries';
import { useTrashEnquiry } from '../api/move-enquiry';
import { assigneeName, useDashboard } from '../dashboard-context';
import { spamReasonText, trashText } from '../enquiry-text';
import { dueBadgeOf } from '../response-text';
import './response-times.css';
import { formatLagosDate } from '@/lib/format-date';
import { inboxKeys } from '../inbox-cache';
import { hasFilters, hrefOf, listLabelOf, listQueryOf, withEnquiry, withKind, type InboxView } from '../inbox-query';
import { BulkToolbar } from './bulk-toolbar';
import './snooze-control.css';

interface InboxListProps {
  view: InboxView;
}

const enquiriesText = (total: number) => countText(total, 'enquiry', 'enquiries');

/**
 * Where a list was when an enquiry was opened from it, by the list's address: when the list shows again (Back to the
 * list, the browser's Back), it scrolls there and focus returns to that enquiry's link (issue 17: a phone's list
 * jumped to the top).
 */
const placesByList = new Map<string, { scrollY: number; enquiry: number }>();

/** One page of a tab's folder, newest first, with selection for the bulk actions, the pager and the export. */
export function InboxList({ view }: InboxListProps) {
  const { announceUndoable, fail } = useDashboard();
  const client = useQueryClient();
  const listHref = hrefOf(view);
  const query = listQueryOf(view, { cursor: true });
  const key = `${view.kind}?${new URLSearchParams(query).toString()}`;
  const page = useEnquiries(view.kind, query);
  const trash = useTrashEnquiry();
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({ key, ids: new Set() });
  const selected = selection.key === key ? selection.ids : new Set<number>();
  const select = (ids: ReadonlySet<number>) => setSelection({ key, ids });
  // Focus was on the Delete button that just went away: it moves to the next row's (or the count), not the page top.
  const focusAfterDelete = useRef<number | 'total' | null>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const totalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const next = focusAfterDelete.current;
    if (next === null) return;
    focusAfterDelete.current = null;
    const target =
      next === 'total'
        ? null
        : rowsRef.current?.querySelector<HTMLElement>(`[data-enquiry-id="${next}"] .enquiry-row__delete`);
    (target ?? totalRef.current)?.focus();
  });
  useLayoutEffect(() => {
    const place = placesByList.get(listHref);
    if (!page.data || !place) return;
    placesByList.delete(listHref);
    window.scrollTo(0, place.scrollY);
    rowsRef.current
      ?.querySelector<HTMLElement>(`[data-enquiry-id="${place.enquiry}"] .enquiry-row__name a`)
      ?.focus({ preventScroll: true });
  }, [page.data, listHref]);
  // Only the first page asks what arrived: an older page has something newer by definition.
  const arrivalsQuery = listQueryOf(view, { cursor: false });
  const newest = page.data?.newest ?? null;
  const arrivals = useArrivals(view.kind, arrivalsQuery, newest, page.isSuccess && !view.after && !view.before);

  const shown = page.data ?? null;
  const rows = shown?.enquiries ?? [];

  function showArrivals() {
    client.setQueryData(inboxKeys.arrivals(view.kind, arrivalsQuery, newest), 0);
    void page.refetch();
    totalRef.current?.focus({ preventScroll: true });
  }

  function deleteRow(row: EnquirySummary) {
    if (!window.confirm(SPEC_MESSAGES.DELETE_CONFIRM)) return;
    trash.mutate(row, {
      // The answer took the row off the page (inbox-cache.ts); focus and the selection follow.
      onSuccess: ({ undo }) => {
        const index = rows.findIndex((candidate) => candidate.id === row.id);
        focusAfterDelete.current = (rows[index + 1] ?? rows[index - 1])?.id ?? 'total';
        // The page's last row went: ask for it again, so older enquiries move up rather than "no messages" showing.
        if (rows.length === 1) void page.refetch();
        if (selected.has(row.id)) select(new Set([...selected].filter((id) => id !== row.id)));
        announceUndoable(`The enquiry from ${row.name || row.email} moved to the trash.`, undo);
      },
      onError: (error) => fail(error, 'Deleting it'),
    });
  }

  const exportQuery = new URLSearchParams(listQueryOf(view, { cursor: false })).toString();

  return (
    <>
      <div className="inbox-summary">
        <p className="inbox-summary__total" ref={totalRef} tabIndex={-1}>
          {shown ? enquiriesText(shown.total) : '\u00a0'}
        </p>
        <div className="inbox-arrivals" role="status">
          {arrivals.data > 0 ? (
            <>
              <span>{countText(arrivals.data, 'new enquiry', 'new enquiries')}</span>
              <button type="button" className="btn btn--primary inbox-arrivals__show" onClick={showArrivals}>
                Show {arrivals.data} new
              </button>
            </>
          ) : null}
        </div>
        {/* "Export" is said once on screen and read with each link, so the pair fits beside the total on a phone. */}
        <div className="inbox-exports">
          <span className="inbox-exports__label" aria-hidden="true">
            Export
          </span>
          <a className="btn btn--secondary" href={`${INBOX_PATHS.export(view.kind)}?${exportQuery}`} download>
            <span className="visually-hidden">Export </span>CSV
          </a>
          <a className="btn btn--secondary" href={`${INBOX_PATHS.exportXlsx(view.kind)}?${exportQuery}`} download>
            <span className="visually-hidden">Export </span>Excel
          </a>
        </div>
      </div>

      {view.q ? <OtherKindMatches view={view} /> : null}

      {page.isPending ? (
        <div className="dashboard__loading" role="status">
          <span className="dashboard__spinner" aria-hidden="true" />
          {SPEC_MESSAGES.LOADING_MESSAGES}
        </div>
      ) : !shown ? (
        <p className="dashboard__empty" role="alert">
          The enquiries could not be loaded.{' '}
          <button type="button" className="btn btn--secondary" onClick={() => void page.refetch()}>
            Try again
          </button>
        </p>
      ) : shown.enquiries.length === 0 ? (
        <p className="dashboard__empty" role="status">
          {emptyText(view)}
        </p>
      ) : (
        <>
          {selected.size > 0 && view.kind !== ALL_KINDS ? (
            <BulkToolbar view={view} kind={view.kind} ids={[...selected]} onDone={() => select(new Set())} />
          ) : null}
          <EnquiryRows
            view={view}
            page={shown}
            selected={selected}
            onSelect={select}
            deleting={trash.isPending ? (trash.variables?.id ?? null) : null}
            onDelete={deleteRow}
            containerRef={rowsRef}
            onOpen={(id) => placesByList.set(listHref, { scrollY: window.scrollY, enquiry: id })}
          />
          <Pager view={view} page={shown} />
        </>
      )}
    </>
  );
}

/** A search covers the four kinds (issue 17): the other tabs' matches, each a link to that tab with the same search. */
function OtherKindMatches({ view }: { view: InboxView }) {
  const matches = useMatches(listQueryOf(view, { cursor: false }));
  const others = MESSAGE_KINDS.filter((kind) => kind !== view.kind && (matches.data?.[kind] ?? 0) > 0);
  // The "All" tab holds the others' matches already.
  if (others.length === 0 || view.kind === ALL_KINDS) return null;
  return (
    <nav className="inbox-matches" aria-label="Matches in the other tabs">
      <ul className="inbox-matches__list">
        {others.map((kind) => (
          <li key={kind}>
            <Link className="inbox-matches__link" to={hrefOf(withKind(view, kind))}>
              {matches.data?.[kind]} more in {MESSAGE_KIND_LABELS[kind]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function emptyText(view: InboxView): string {
  if (hasFilters(view)) return 'No enquiries match the search and filters.';
  if (view.folder === 'trash') return 'The trash is empty.';
  if (view.folder === 'spam') return 'Nothing has been caught as spam.';
  return SPEC_MESSAGES.NO_MESSAGES;
}

interface EnquiryRowsProps {
  view: InboxView;
  page: InboxPage;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  /** The row being deleted, if any: its Delete button is disabled until the server answers. */
  deleting: number | null;
  /** The spec's per-row Delete, with its confirmation; not offered in the trash. */
  onDelete: (row: EnquirySummary) => void;
  containerRef: RefObject<HTMLDivElement | null>;
  /** An enquiry's link was followed: the list keeps its place for the way back. */
  onOpen: (id: number) => void;
}

/**
 * The rows as a table on wide screens and as cards on phones (dashboard.css); the explicit roles keep the table's
 * meaning for screen readers once CSS changes the elements' display.
 */
function EnquiryRows({ view, page, selected, onSelect, deleting, onDelete, containerRef, onOpen }: EnquiryRowsProps) {
  const { staff } = useDashboard();
  const captionId = `enquiries-caption-${view.kind}`;
  const allSelected = page.enquiries.every((row) => selected.has(row.id));
  // Bulk actions stay in one kind's tab; the "All" tab reads, searches and opens every kind's.
  const selectable = view.kind !== ALL_KINDS;
  const canDelete = view.folder !== 'trash';

  function toggle(id: number, on: boolean) {
    const ids = new Set(selected);
    if (on) ids.add(id);
    else ids.delete(id);
    onSelect(ids);
  }

  return (
    <div className="enquiries" ref={containerRef}>
      <table
        className={selectable ? 'enquiries__table' : 'enquiries__table enquiries__table--reading'}
        role="table"
        aria-labelledby={captionId}
      >
        <caption id={captionId} className="visually-hidden">
          {listLabelOf(view.kind)} enquiries, newest first
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            {selectable ? (
              <th scope="col" role="columnheader" className="enquiries__check">
                <input
                  type="checkbox"
                  aria-label="Select every enquiry on this page"
                  checked={allSelected}
                  onChange={(event) =>
                    onSelect(event.target.checked ? new Set(page.enquiries.map((row) => row.id)) : new Set())
                  }
                />
              </th>
            ) : null}
            <th scope="col" role="columnheader">
              Name and contact
            </th>
            <th scope="col" role="columnheader">
              Reference
            </th>
            <th scope="col" role="columnheader">
              Received
            </th>
            <th scope="col" role="columnheader">
              Status
            </th>
            <th scope="col" role="columnheader">
              Assigned to
            </th>
            <th scope="col" role="columnheader">
              Message
            </th>
            {canDelete ? (
              <th scope="col" role="columnheader" className="enquiries__actions">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {page.enquiries.map((row) => (
            <EnquiryRow
              key={row.id}
              row={row}
              href={hrefOf(withEnquiry(view, row))}
              kindLabel={selectable ? null : MESSAGE_KIND_LABELS[row.kind]}
              assignee={assigneeName(staff, row.assigneeId)}
              checked={selected.has(row.id)}
              onCheck={selectable ? (on) => toggle(row.id, on) : null}
              deleting={deleting === row.id}
              onDelete={canDelete ? () => onDelete(row) : null}
              onOpen={() => onOpen(row.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface EnquiryRowProps {
  row: EnquirySummary;
  href: string;
  assignee: string;
  /** The row's kind, shown in the "All" tab. */
  kindLabel: string | null;
  checked: boolean;
  /** Null where rows are not selected (the "All" tab). */
  onCheck: ((on: boolean) => void) | null;
  deleting: boolean;
  onDelete: (() => void) | null;
  onOpen: () => void;
}

function EnquiryRow({ row, href, kindLabel, assignee, checked, onCheck, deleting, onDelete, onOpen }: EnquiryRowProps) {
  return (
    <tr
      role="row"
      data-enquiry-id={row.id}
      className={['enquiry-row', row.read ? '' : 'enquiry-row--unread', checked ? 'enquiry-row--selected' : '']
        .filter(Boolean)
        .join(' ')}
    >
      {onCheck ? (
        <td role="cell" className="enquiries__check">
          <input
            type="checkbox"
            aria-label={`Select the enquiry from ${row.name}`}
            checked={checked}
            onChange={(event) => onCheck(event.target.checked)}
          />
        </td>
      ) : null}
      <td role="cell" className="enquiry-row__name">
        <div className="enquiry-row__who">
          {row.read ? null : (
            <span className="enquiry-row__dot">
              <span className="visually-hidden">Unread: </span>
            </span>
          )}
          <Link to={href} onClick={onOpen}>
            {row.name || row.email}
          </Link>
        </div>
        <div className="enquiry-row__contact">
          {kindLabel ? <span className="enquiry-row__kind">{kindLabel}</span> : null} <span>{row.phone}</span>{' '}
          <span>{row.email}</span>
        </div>
      </td>
      <td role="cell" data-label="Reference" className="enquiry-row__nowrap">
        {row.reference}
      </td>
      <td role="cell" data-label="Received" className="enquiry-row__nowrap">
        <time dateTime={row.createdAt}>{formatLagosDate(row.createdAt)}</time>
      </td>
      <td role="cell" data-label="Status" className="enquiry-row__status">
        <span className={`status-pill status-pill--${row.status}`}>{STATUS_LABELS[row.status]}</span>
        {row.waitingSince ? (
          <span className="enquiry-row__waiting" title={`Since ${formatLagosDate(row.waitingSince)}`}>
            Reply waiting
          </span>
        ) : null}
        <SnoozedMark row={row} />
        <DueBadge row={row} />
      </td>
      <td role="cell" data-label="Assigned to">
        {assignee}
      </td>
      <td role="cell" data-label="Message" className="enquiry-row__preview">
        <div>
          <span className="enquiry-row__preview-text">{storedPreviewText(row.preview, PREVIEW_MAX_CHARACTERS)}</span>
          {row.spamReason ? <span className="enquiry-row__note">{spamReasonText(row.spamReason)}</span> : null}
          {row.trashedAt ? <span className="enquiry-row__note">{trashText(row.trashedAt)}</span> : null}
        </div>
      </td>
      {onDelete ? (
        <td role="cell" className="enquiries__actions">
          <button
            type="button"
            className="btn btn--danger enquiry-row__delete"
            aria-label={`Delete message from ${row.name || row.email}`}
            disabled={deleting}
            onClick={onDelete}
          >
            Delete
          </button>
        </td>
      ) : null}
    </tr>
  );
}

/** A snoozed row says until when (issue 21, docs/decisions/0039): no reminders go out for it before then. */
function SnoozedMark({ row }: { row: EnquirySummary }) {
  if (row.snoozedUntilReply) return <span className="enquiry-row__snoozed">{SNOOZE_COPY.ROW_UNTIL_REPLY}</span>;
  if (!row.snoozedUntil) return null;
  return <span className="enquiry-row__snoozed">{SNOOZE_COPY.ROW_UNTIL(formatLagosDate(row.snoozedUntil))}</span>;
}

function Pager({ view, page }: { view: InboxView; page: InboxPage }) {
  if (!page.newer && !page.older) return null;
  return (
    <nav className="inbox-pager" aria-label="Pages">
      {page.newer ? (
        <Link className="btn btn--secondary" to={hrefOf({ ...view, before: page.newer, after: '' })}>
          <span aria-hidden="true">←</span> Newer
        </Link>
      ) : (
        <span />
      )}
      {page.older ? (
        <Link className="btn btn--secondary" to={hrefOf({ ...view, after: page.older, before: '' })}>
          Older <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** Due soon or overdue for a first answer (issue 21): a word, not a colour alone, with the due time for all. */
function DueBadge({ row }: { row: EnquirySummary }) {
  const badge = dueBadgeOf(row.responseDue, new Date());
  if (!badge || !row.responseDue) return null;
  return (
    <span className={`due-badge due-badge--${row.responseDue.state}`} title={badge.description}>
      {badge.label}
      <span className="visually-hidden">, {badge.description}</span>
    </span>
  );
}
