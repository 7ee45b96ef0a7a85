import { useEffect, useEffectEvent, useLayoutEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '@/components/forms/fields';
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
  type MessageKind,
  type UndoTicket,
  sourceLineOf,
} from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { useAddNote } from '../api/add-note';
import { useConfirmFirstResponse } from '../api/confirm-first-response';
import { responseText } from '../response-text';
import { ReachedPrompt, type Tap } from './reached-prompt';
import { Conversation } from './conversation';
import { EnquiryPresence } from './enquiry-presence';
import { SnoozeControl } from './snooze-control';
import { useEnquiry } from '../api/get-enquiry';
import { useMarkNotSpam, useRestoreEnquiry, useTrashEnquiry } from '../api/move-enquiry';
import { useUpdateEnquiry } from '../api/update-enquiry';
import { assigneeName, useDashboard } from '../dashboard-context';
import { answerLinksOf, fieldText, historyText, spamReasonText, trashText } from '../enquiry-text';
import { readDraft, saveDraft } from '@/lib/drafts';
import { formatLagosDate } from '@/lib/format-date';
import { hrefOf, type InboxView } from '../inbox-query';

interface EnquiryViewProps {
  view: InboxView & { enquiry: number };
  /** The enquiry's own kind (the tab's, or the one the "All" tab's address names). */
  kind: MessageKind;
}

/** One enquiry: every field, the one-tap answers, status, assignee, notes and history. Opening it marks it read. */
export function EnquiryView({ view, kind }: EnquiryViewProps) {
  const { enquiry: id } = view;
  const loaded = useEnquiry(kind, id);
  const listHref = hrefOf({ ...view, enquiry: null });
  // Opened from a list scrolled down, it starts at its top; the list keeps its own place for the way back.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <article className="enquiry" aria-busy={loaded.isPending}>
      <p className="enquiry__back">
        <Link to={listHref}>
          <span aria-hidden="true">←</span> Back to the list
        </Link>
      </p>
      {loaded.isPending ? (
        <div className="dashboard__loading" role="status">
          <span className="dashboard__spinner" aria-hidden="true" />
          Loading the enquiry...
        </div>
      ) : loaded.data ? (
        <EnquiryDetails enquiry={loaded.data} listHref={listHref} />
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
}

/**
 * Every change here is one request whose answer is the enquiry as it is now: the mutations put it into the cache
 * (inbox-cache.ts), and this view, the list rows and the tabs' counts show it without asking again.
 */
function EnquiryDetails({ enquiry, listHref }: EnquiryDetailsProps) {
  const { announce, announceUndoable, fail, staff } = useDashboard();
  const navigate = useNavigate();
  const { kind, id } = enquiry;
  const change = useUpdateEnquiry(kind);
  const reading = useUpdateEnquiry(kind);
  const trash = useTrashEnquiry();
  const restore = useRestoreEnquiry();
  const notSpam = useMarkNotSpam();
  const confirm = useConfirmFirstResponse(kind, id);
  const [tap, setTap] = useState<Tap | null>(null);
  // Text in the reply box: colleagues see "… is writing a reply" (docs/decisions/0046).
  const [writing, setWriting] = useState(false);
  const busy = change.isPending || trash.isPending || restore.isPending || notSpam.isPending;

  const markRead = useEffectEvent(() => {
    reading.mutate({ id, update: { read: true } }, { onError: (error) => fail(error, 'Marking it read') });
  });
  useEffect(() => {
    if (!enquiry.read) markRead();
  }, [enquiry.read]);

  /** What each change says once done, and what it is called when it did not work. */
  const outcome = (done: string, what: string, after?: () => void) => ({
    onSuccess: () => {
      announce(done);
      after?.();
    },
    onError: (error: unknown) => fail(error, what),
  });

  /**
   * A move between folders says what it did with "Undo" beside it (docs/decisions/0044). Delete leaves the view: it
   * says so in the list it goes back to, where the Undo is then.
   */
  const moved = (done: string, what: string, backToList = false) => ({
    onSuccess: ({ undo }: { undo: UndoTicket }) => {
      announceUndoable(done, undo, backToList ? listHref : undefined);
      if (backToList) void navigate(listHref);
    },
    onError: (error: unknown) => fail(error, what),
  });

  const update = (changes: EnquiryUpdate, done: string) =>
    change.mutate({ id, update: changes }, outcome(done, 'The change'));

  function answered(channel: ContactChannel) {
    reading.mutate(
      { id, update: { contactedVia: channel } },
      { onError: (error) => fail(error, 'Recording the answer') },
    );
    // A tap is an attempt; once they are back, they are asked whether they reached the person (issue 21).
    if (channel !== 'email' && enquiry.firstResponse === null) {
      setTap((last) => ({ channel, count: (last?.count ?? 0) + 1 }));
    }
  }

  const personName = enquiry.name || enquiry.email;
  const responseLine = responseText(enquiry, new Date());

  const links = answerLinksOf(enquiry);
  const fields = listedFieldsOf(kind).filter((field) => field.name !== 'created_at');

  return (
    <>
      <header className="enquiry__header">
        <h2 className="enquiry__title">{personName}</h2>
        <EnquiryPresence kind={kind} id={id} writing={writing} />
        <p className="enquiry__meta">
          {MESSAGE_KIND_LABELS[kind]} enquiry <strong>{enquiry.reference}</strong>, received{' '}
          <time dateTime={enquiry.createdAt}>{formatLagosDate(enquiry.createdAt)}</time>
          {enquiry.folder === 'inbox' ? null : ` (in ${FOLDER_LABELS[enquiry.folder]})`}
        </p>
        <p className="enquiry__meta">Human check: {enquiry.humanCheck === 'verified' ? 'verified' : 'not verified'}</p>
        <p className="enquiry__meta">Source: {sourceLineOf(enquiry.source)}</p>
        {enquiry.spamReason ? <p className="enquiry__warning">{spamReasonText(enquiry.spamReason)}</p> : null}
        {enquiry.trashedAt ? <p className="enquiry__warning">{trashText(enquiry.trashedAt)}</p> : null}
        {responseLine ? (
          <p className={`enquiry__response enquiry__response--${enquiry.responseState}`}>{responseLine}</p>
        ) : null}
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

      <ReachedPrompt
        name={personName}
        tap={tap}
        busy={confirm.isPending}
        onYes={(channel) =>
          confirm.mutate(
            channel,
            outcome(`Recorded: you reached ${personName}.`, 'Recording the answer', () => setTap(null)),
          )
        }
        onNotYet={() => setTap(null)}
      />

      <section className="enquiry__card enquiry__follow-up" aria-label="Follow-up">
        <Field name="status" label="Status">
          {(control) => (
            <select
              {...control}
              value={enquiry.status}
              disabled={busy}
              onChange={(event) => {
                const status = event.target.value as EnquiryStatus;
                update({ status }, `Status set to ${STATUS_LABELS[status]}.`);
              }}
            >
              {statusesOf(kind).map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="assignee" label="Assigned to">
          {(control) => (
            <select
              {...control}
              value={enquiry.assigneeId === null ? '' : String(enquiry.assigneeId)}
              disabled={busy}
              onChange={(event) => {
                const value = event.target.value === '' ? null : Number(event.target.value);
                update({ assigneeId: value }, `Assigned to ${assigneeName(staff, value)}.`);
              }}
            >
              <option value="">Nobody</option>
              {staff.map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {member.me ? `${member.username} (me)` : member.username}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="enquiry__folder-actions">
          {enquiry.folder === 'trash' ? (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => restore.mutate({ kind, id }, moved('Restored to the inbox.', 'Restoring it'))}
            >
              Restore
            </button>
          ) : null}
          {enquiry.folder === 'spam' ? (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => notSpam.mutate({ kind, id }, moved('Moved to the inbox.', 'Marking it not spam'))}
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
                trash.mutate({ kind, id }, moved('Moved to the trash.', 'Deleting it', true));
              }}
            >
              Delete
            </button>
          ) : null}
        </div>
      </section>

      {enquiry.folder === 'inbox' ? <SnoozeControl kind={kind} id={id} snooze={enquiry} /> : null}

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

      <Conversation
        key={`conversation-${enquiry.id}`}
        enquiry={enquiry}
        whatsapp={links.whatsapp}
        onWriting={setWriting}
      />

      <Notes key={enquiry.id} enquiry={enquiry} />

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

function Notes({ enquiry }: { enquiry: EnquiryDetail }) {
  const { announce, fail, draftOwner } = useDashboard();
  // A half-typed note is kept for this account and enquiry (lib/drafts): an idle logout or a reload does not lose it.
  const draftKey = `note:${draftOwner}:${enquiry.kind}/${enquiry.id}`;
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const setText = (next: string) => {
    setTextState(next);
    saveDraft(draftKey, next);
  };
  const add = useAddNote(enquiry.kind, enquiry.id);
  // The server's word on the note itself (too long, a broken character) shows under the box.
  const refusal = add.error instanceof ApiError ? add.error.fieldErrors.body : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(text, {
      onSuccess: () => {
        setText('');
        announce('Note added.');
      },
      onError: (error) => fail(error, 'Adding the note'),
    });
  }

  return (
    <section className="enquiry__card" aria-labelledby="enquiry-notes">
      <h3 id="enquiry-notes" className="enquiry__heading">
        Notes
      </h3>
      <form className="enquiry__note-form" onSubmit={handleSubmit}>
        {/* A data request hands the person every note about them (issue 23): said before anyone writes one. */}
        <Field
          name="body"
          label="Add a note"
          hint="Notes are given to the person if they ask for their data."
          error={refusal}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              value={text}
              maxLength={INBOX_LIMITS.NOTE_MAX}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={add.isPending || !text.trim()}>
          Add note
        </button>
      </form>
      {enquiry.notes.length === 0 ? null : (
        <ol className="enquiry__notes" aria-label="Notes, newest first">
          {enquiry.notes.map((note) => (
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
