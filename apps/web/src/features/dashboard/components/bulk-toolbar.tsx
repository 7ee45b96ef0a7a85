import { useState } from 'react';
import {
  RETENTION_DAYS,
  STATUS_LABELS,
  statusesOf,
  type BulkActionBody,
  type EnquiryStatus,
  type MessageKind,
} from '@agency/shared';
import { Field } from '@/components/forms/fields';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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

/**
 * What can be done to the selected rows at once: in the inbox a status and Delete, in trash Restore, in spam Not spam.
 * Each says what it did with "Undo" beside it (docs/decisions/0044); Delete first asks, naming how many.
 */
export function BulkToolbar({ view, kind, ids, onDone }: BulkToolbarProps) {
  const { announceUndoable, fail } = useDashboard();
  const [status, setStatus] = useState<EnquiryStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkAction(kind);
  const busy = bulk.isPending;

  const run = (body: Omit<BulkActionBody, 'ids'>, done: (changed: string) => string) =>
    bulk.mutate(
      { ...body, ids },
      {
        onSuccess: ({ changed, undo }) => {
          announceUndoable(done(count(changed)), undo);
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
            if (status) run({ action: 'status', status }, (changed) => `Set ${changed} to ${STATUS_LABELS[status]}.`);
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
          onClick={() => run({ action: 'restore' }, (changed) => `Restored ${changed} to the inbox.`)}
        >
          Restore
        </button>
      ) : null}
      {view.folder === 'spam' ? (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => run({ action: 'not-spam' }, (changed) => `Moved ${changed} to the inbox.`)}
        >
          Not spam
        </button>
      ) : null}
      {view.folder !== 'trash' ? (
        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirming(true)}>
          Delete
        </button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${count(ids.length)}?`}
          confirmLabel={`Delete ${count(ids.length)}`}
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            run({ action: 'trash' }, (changed) => `Moved ${changed} to the trash.`);
          }}
        >
          <p>
            {ids.length === 1 ? 'It moves' : 'They move'} to the trash, where {ids.length === 1 ? 'it' : 'they'} can be
            restored for {RETENTION_DAYS.TRASH_AND_SPAM} days. You can also undo right after.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
