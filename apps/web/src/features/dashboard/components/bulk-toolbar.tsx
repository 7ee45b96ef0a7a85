import { useState } from 'react';
import {
  SPEC_MESSAGES,
  STATUS_LABELS,
  statusesOf,
  type BulkActionBody,
  type EnquiryStatus,
  type MessageKind,
} from '@agency/shared';
import { Field } from '@/components/forms/fields';
import { countText } from '@/lib/count-text';
import { useBulkAction } from '../api/run-bulk-action';
import { useDashboard } from '../dashboard-context';
import type { InboxView } from '../inbox-query';

interface BulkToolbarProps {
  view: InboxView;
  /** The tab's kind: bulk actions act on one kind's enquiries. */
  kind: MessageKind;
  ids: number[];
  /** The action went through: clear the selection (the page is asked again, useBulkAction). */
  onDone: () => void;
}

const count = (changed: number) => countText(changed, 'enquiry', 'enquiries');

/** What can be done to the selected rows at once: in the inbox a status and Delete, in trash Restore, in spam Not spam. */
export function BulkToolbar({ view, kind, ids, onDone }: BulkToolbarProps) {
  const { announce, fail } = useDashboard();
  const [status, setStatus] = useState<EnquiryStatus | ''>('');
  const bulk = useBulkAction(kind);
  const busy = bulk.isPending;

  const run = (body: Omit<BulkActionBody, 'ids'>, done: (changed: number) => string) =>
    bulk.mutate(
      { ...body, ids },
      {
        onSuccess: (changed) => {
          announce(done(changed));
          onDone();
        },
        onError: (error) => fail(error, 'The change to the selected enquiries'),
      },
    );

  return (
    <div className="bulk-toolbar" role="group" aria-label="Selected enquiries">
      <p className="bulk-toolbar__count">{count(ids.length)} selected</p>
      {view.folder === 'inbox' ? (
        <form
          className="bulk-toolbar__status"
          onSubmit={(event) => {
            event.preventDefault();
            if (status)
              run({ action: 'status', status }, (changed) => `${count(changed)} set to ${STATUS_LABELS[status]}.`);
          }}
        >
          <Field name="status" label="Set status">
            {(control) => (
              <select
                {...control}
                value={status}
                onChange={(event) => setStatus(event.target.value as EnquiryStatus | '')}
              >
                <option value="">Choose…</option>
                {statusesOf(kind).map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="btn btn--primary" disabled={busy || !status}>
            Apply
          </button>
        </form>
      ) : null}
      {view.folder === 'trash' ? (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => run({ action: 'restore' }, (changed) => `${count(changed)} restored to the inbox.`)}
        >
          Restore
        </button>
      ) : null}
      {view.folder === 'spam' ? (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => run({ action: 'not-spam' }, (changed) => `${count(changed)} moved to the inbox.`)}
        >
          Not spam
        </button>
      ) : null}
      {view.folder !== 'trash' ? (
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm(SPEC_MESSAGES.DELETE_CONFIRM))
              run({ action: 'trash' }, (changed) => `${count(changed)} moved to the trash.`);
          }}
        >
          Delete
        </button>
      ) : null}
    </div>
  );
}
