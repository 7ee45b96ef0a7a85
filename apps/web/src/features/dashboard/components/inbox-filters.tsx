import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/forms/fields';
import { Link } from '@/components/ui/link';
import {
  FOLDER_LABELS,
  INBOX_FOLDERS,
  INBOX_LIMITS,
  STATUS_LABELS,
  type EnquiryStatus,
  type InboxFolder,
} from '@agency/shared';
import { useDashboard } from '../dashboard-context';
import { hasFilters, hrefOf, statusesOfList, withFilter, type InboxView } from '../inbox-query';

interface InboxFiltersProps {
  view: InboxView;
  go: (view: InboxView) => void;
  /** What the kind's trash and spam folders hold. */
  folderCounts: { trash: number; spam: number } | null;
}

/** The folder switch, the search box and the filters of one tab; every change goes into the address. */
export function InboxFilters({ view, go, folderCounts }: InboxFiltersProps) {
  const { staff } = useDashboard();
  const id = useId();
  const change = (patch: Parameters<typeof withFilter>[1]) => go(withFilter(view, patch));
  // On a phone the four filters fold away behind a button, so the first enquiry is on the first screen (issue 17);
  // wider screens always show them (dashboard.css). They start open when one is set.
  const [filtersOpen, setFiltersOpen] = useState(
    view.status !== '' || view.assignee !== '' || view.from !== '' || view.to !== '',
  );

  return (
    <div className="inbox-filters">
      <nav className="inbox-folders" aria-label="Folders">
        {INBOX_FOLDERS.map((folder) => (
          <Link
            key={folder}
            className="inbox-folders__link"
            to={hrefOf({ ...withFilter(view, {}), folder })}
            aria-current={folder === view.folder ? 'page' : undefined}
          >
            {folderLabel(folder, folderCounts)}
          </Link>
        ))}
      </nav>

      <SearchBox key={view.q} initial={view.q} onSearch={(q) => change({ q })} />

      <button
        type="button"
        className="btn btn--secondary inbox-filters__toggle"
        aria-expanded={filtersOpen}
        aria-controls={`${id}-filters`}
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        Filters
      </button>
      <div className="inbox-filters__row" id={`${id}-filters`} data-open={filtersOpen}>
        <Field name="status" label="Status">
          {(control) => (
            <select
              {...control}
              value={view.status}
              onChange={(event) => change({ status: event.target.value as EnquiryStatus | '' })}
            >
              <option value="">Any status</option>
              {statusesOfList(view.kind).map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="assignee" label="Assigned to">
          {(control) => (
            <select {...control} value={view.assignee} onChange={(event) => change({ assignee: event.target.value })}>
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Unassigned</option>
              {staff
                .filter((member) => !member.me)
                .map((member) => (
                  <option key={member.id} value={String(member.id)}>
                    {member.username}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field name="from" label="Received from">
          {(control) => (
            <input
              {...control}
              type="date"
              value={view.from}
              max={view.to || undefined}
              onChange={(event) => change({ from: event.target.value })}
            />
          )}
        </Field>
        <Field name="to" label="Received to">
          {(control) => (
            <input
              {...control}
              type="date"
              value={view.to}
              min={view.from || undefined}
              onChange={(event) => change({ to: event.target.value })}
            />
          )}
        </Field>
      </div>
      {hasFilters(view) ? (
        <p className="inbox-filters__clear">
          <Link to={hrefOf(withFilter(view, { q: '', status: '', assignee: '', from: '', to: '' }))}>
            Clear the search and filters
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function folderLabel(folder: InboxFolder, counts: InboxFiltersProps['folderCounts']): string {
  if (folder === 'inbox' || !counts) return FOLDER_LABELS[folder];
  return `${FOLDER_LABELS[folder]} (${counts[folder]})`;
}

/** Searches on Enter or the button, not on every key: a phone on mobile data sends one request per search. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form className="inbox-search" role="search" onSubmit={handleSubmit}>
      <Field name="q" label="Search">
        {(control) => (
          <div className="inbox-search__row">
            <input
              {...control}
              type="search"
              value={text}
              maxLength={INBOX_LIMITS.SEARCH_MAX}
              placeholder="Name, e-mail, phone, reference or words"
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="btn btn--primary">
              Search
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
