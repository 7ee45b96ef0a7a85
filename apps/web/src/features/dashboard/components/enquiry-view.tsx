import { useEffect, useEffectEvent, useId, useLayoutEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import {
  FOLDER_LABELS,
  INBOX_LIMITS,
  listedFieldsOf,
  MESSAGE_KIND_LABELS,
  SPEC_MESSAGES,
  STATUS_LABELS,
  statusesOf,
  type ContactChannel,
  type EnquiryDetail,
  type EnquiryStatus,
  type EnquiryUpdate,
  type Note,
} from '@agency/shared';
import { addNote } from '../api/add-note';
import { getEnquiry } from '../api/get-enquiry';
import { markNotSpam } from '../api/mark-not-spam';
import { restoreEnquiry } from '../api/restore-enquiry';
import { trashEnquiry } from '../api/trash-enquiry';
import { updateEnquiry } from '../api/update-enquiry';
import { assigneeName, useDashboard } from '../dashboard-context';
import { answerLinksOf, fieldText, historyText, spamReasonText, trashText } from '../enquiry-text';
import { readDraft, saveDraft } from '@/lib/drafts';
import { formatLagosDate } from '@/lib/format-date';
import { hrefOf, type InboxView } from '../inbox-query';
import { useLoaded } from '../hooks/use-loaded';

interface EnquiryViewProps {
  view: InboxView & { enquiry: number };
}

/** One enquiry: every field, the one-tap answers, status, assignee, notes and history. Opening it marks it read. */
export function EnquiryView({ view }: EnquiryViewProps) {
  const { fail } = useDashboard();
  const { kind, enquiry: id } = view;
  const loaded = useLoaded(
    `${kind}/${id}`,
    (signal) => getEnquiry(kind, id, signal),
    (error) => fail(error, 'Loading the enquiry'),
  );
  const listHref = hrefOf({ ...view, enquiry: null });
  // Opened from a list scrolled down, it starts at its top; the list keeps its own place for the way back.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <article className="enquiry" aria-busy={loaded.loading}>
      <p className="enquiry__back">
        <Link to={listHref}>
          <span aria-hidden="true">←</span> Back to the list
        </Link>
      </p>
      {loaded.loading ? (
        <div className="dashboard__loading" role="status">
          <span className="dashboard__spinner" aria-hidden="true" />
          Loading the enquiry...
        </div>
      ) : loaded.data ? (
        <EnquiryDetails enquiry={loaded.data} listHref={listHref} onChanged={loaded.reload} />
      ) : (
        <p className="dashboard__empty" role="alert">
          This enquiry could not be loaded. It may have been purged.
        </p>
      )}
    </article>
  );
}

interface EnquiryDetailsProps {
  enquiry: EnquiryDetail;
  listHref: string;
  /** Something changed on the server: load the enquiry again (status, history). */
  onChanged: () => void;
}

function EnquiryDetails({ enquiry, listHref, onChanged }: EnquiryDetailsProps) {
  const { announce, fail, refreshCounts, staff } = useDashboard();
  const navigate = useNavigate();
  const { kind, id } = enquiry;
  const [busy, setBusy] = useState(false);
  const statusId = useId();
  const assigneeId = useId();

  const markRead = useEffectEvent(() => {
    updateEnquiry(kind, id, { read: true }).then(refreshCounts, (error: unknown) => fail(error, 'Marking it read'));
  });
  useEffect(() => {
    if (!enquiry.read) markRead();
  }, [enquiry.read]);

  async function act(work: () => Promise<void>, done: string, what: string, after: () => void = onChanged) {
    setBusy(true);
    try {
      await work();
      announce(done);
      refreshCounts();
      after();
    } catch (error) {
      fail(error, what);
    } finally {
      setBusy(false);
    }
  }

  const update = (change: EnquiryUpdate, done: string) =>
    act(() => updateEnquiry(kind, id, change), done, 'The change');

  function answered(channel: ContactChannel) {
    updateEnquiry(kind, id, { contactedVia: channel }).then(
      () => {
        refreshCounts();
        onChanged();
      },
      (error: unknown) => fail(error, 'Recording the answer'),
    );
  }

  const links = answerLinksOf(enquiry);
  const fields = listedFieldsOf(kind).filter((field) => field.name !== 'created_at');

  return (
    <>
      <header className="enquiry__header">
        <h2 className="enquiry__title">{enquiry.name || enquiry.email}</h2>
        <p className="enquiry__meta">
          {MESSAGE_KIND_LABELS[kind]} enquiry <strong>{enquiry.reference}</strong>, received{' '}
          <time dateTime={enquiry.createdAt}>{formatLagosDate(enquiry.createdAt)}</time>
          {enquiry.folder === 'inbox' ? null : ` (in ${FOLDER_LABELS[enquiry.folder]})`}
        </p>
        <p className="enquiry__meta">Human check: {enquiry.humanCheck === 'verified' ? 'verified' : 'not verified'}</p>
        {enquiry.spamReason ? <p className="enquiry__warning">{spamReasonText(enquiry.spamReason)}</p> : null}
        {enquiry.trashedAt ? <p className="enquiry__warning">{trashText(enquiry.trashedAt)}</p> : null}
      </header>

      <section className="enquiry__answers" aria-label="Answer">
        {links.whatsapp ? (
          <a
            className="btn btn--large btn--primary"
            href={links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => answered('whatsapp')}
          >
            WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        {links.call ? (
          <a className="btn btn--large btn--secondary" href={links.call} onClick={() => answered('call')}>
            Call
          </a>
        ) : null}
        <a className="btn btn--large btn--secondary" href={links.email} onClick={() => answered('email')}>
          E-mail
        </a>
      </section>

      <section className="enquiry__card enquiry__follow-up" aria-label="Follow-up">
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            Status
          </label>
          <select
            id={statusId}
            value={enquiry.status}
            disabled={busy}
            onChange={(event) => {
              const status = event.target.value as EnquiryStatus;
              void update({ status }, `Status set to ${STATUS_LABELS[status]}.`);
            }}
          >
            {statusesOf(kind).map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={assigneeId}>
            Assigned to
          </label>
          <select
            id={assigneeId}
            value={enquiry.assigneeId === null ? '' : String(enquiry.assigneeId)}
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value === '' ? null : Number(event.target.value);
              void update({ assigneeId: value }, `Assigned to ${assigneeName(staff, value)}.`);
            }}
          >
            <option value="">Nobody</option>
            {staff.map((member) => (
              <option key={member.id} value={String(member.id)}>
                {member.me ? `${member.username} (me)` : member.username}
              </option>
            ))}
          </select>
        </div>
        <div className="enquiry__folder-actions">
          {enquiry.folder === 'trash' ? (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => void act(() => restoreEnquiry(kind, id), 'Restored to the inbox.', 'Restoring it')}
            >
              Restore
            </button>
          ) : null}
          {enquiry.folder === 'spam' ? (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => void act(() => markNotSpam(kind, id), 'Moved to the inbox.', 'Marking it not spam')}
            >
              Not spam
            </button>
          ) : null}
          {enquiry.folder !== 'trash' ? (
            <button
              type="button"
              className="btn btn--danger"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(SPEC_MESSAGES.DELETE_CONFIRM)) return;
                void act(
                  () => trashEnquiry(kind, id),
                  'Moved to the trash.',
                  'Deleting it',
                  () => void navigate(listHref),
                );
              }}
            >
              Delete
            </button>
          ) : null}
        </div>
      </section>

      <section className="enquiry__card" aria-labelledby="enquiry-fields">
        <h3 id="enquiry-fields" className="enquiry__heading">
          What they sent
        </h3>
        <dl className="enquiry__fields">
          {fields.map((field) => (
            <div key={field.name} className={field.layout === 'long' ? 'enquiry__field--long' : undefined}>
              <dt>{field.label}</dt>
              <dd>{fieldText(enquiry.fields[field.name])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Notes key={enquiry.id} enquiry={enquiry} onAdded={onChanged} />

      <section className="enquiry__card" aria-labelledby="enquiry-history">
        <h3 id="enquiry-history" className="enquiry__heading">
          History
        </h3>
        {enquiry.history.length === 0 ? (
          <p className="enquiry__quiet">Nothing has been done yet.</p>
        ) : (
          <ol className="enquiry__timeline">
            {enquiry.history.map((event) => (
              <li key={event.id}>
                {historyText(event, staff)}{' '}
                <time className="enquiry__time" dateTime={event.createdAt}>
                  {formatLagosDate(event.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function Notes({ enquiry, onAdded }: { enquiry: EnquiryDetail; onAdded: () => void }) {
  const { announce, fail, draftOwner } = useDashboard();
  const [added, setAdded] = useState<Note[]>([]);
  // A half-typed note is kept for this account and enquiry (lib/drafts): an idle logout or a reload does not lose it.
  const draftKey = `note:${draftOwner}:${enquiry.kind}/${enquiry.id}`;
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const setText = (next: string) => {
    setTextState(next);
    saveDraft(draftKey, next);
  };
  const [busy, setBusy] = useState(false);
  const id = useId();
  const known = new Set(enquiry.notes.map((note) => note.id));
  const notes = [...added.filter((note) => !known.has(note.id)), ...enquiry.notes];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const note = await addNote(enquiry.kind, enquiry.id, text);
      setAdded((current) => [note, ...current]);
      setText('');
      announce('Note added.');
      onAdded();
    } catch (error) {
      fail(error, 'Adding the note');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="enquiry__card" aria-labelledby="enquiry-notes">
      <h3 id="enquiry-notes" className="enquiry__heading">
        Notes
      </h3>
      <form className="enquiry__note-form" onSubmit={(event) => void handleSubmit(event)}>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Add a note
          </label>
          <textarea
            id={id}
            rows={3}
            value={text}
            maxLength={INBOX_LIMITS.NOTE_MAX}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy || !text.trim()}>
          Add note
        </button>
      </form>
      {notes.length === 0 ? null : (
        <ol className="enquiry__notes" aria-label="Notes, newest first">
          {notes.map((note) => (
            <li key={note.id} className="enquiry__note">
              <p className="enquiry__note-body">{note.body}</p>
              <p className="enquiry__time">
                {note.authorName}, <time dateTime={note.createdAt}>{formatLagosDate(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
