import { useEffect, useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/forms/fields';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_PATHS,
  blanksIn,
  fillReply,
  staffDisplayNameOf,
  type EnquiryDetail,
  type TimelineItem,
} from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { formatLagosDate } from '@/lib/format-date';
import { useSavedReplies, useSendReply, useTimeline } from '../api/conversation';
import { blankRuns, DELIVERY_WORDS, splitQuoted, timelineTitle } from '../conversation-text';
import { useDashboard } from '../dashboard-context';
import { historyText } from '../enquiry-text';

interface ConversationProps {
  enquiry: EnquiryDetail;
  /** The one-tap WhatsApp link (wa.me/...?text=...), or null when the number does not normalise. */
  whatsapp: string | null;
  /** Told whether the reply box holds text, for the presence others see (docs/decisions/0046). */
  onWriting?: (writing: boolean) => void;
}

/** The reply composer and the one timeline of the enquiry (issue 20 items 1, 2 and 6). */
export function Conversation({ enquiry, whatsapp, onWriting }: ConversationProps) {
  return (
    <>
      <Composer enquiry={enquiry} whatsapp={whatsapp} onWriting={onWriting} />
      <Timeline enquiry={enquiry} />
    </>
  );
}

function Composer({ enquiry, whatsapp, onWriting }: ConversationProps) {
  const { announce, fail, staff } = useDashboard();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState('');
  const saved = useSavedReplies();
  const send = useSendReply(enquiry.kind, enquiry.id);
  const blanksId = useId();
  const me = staff.find((member) => member.me);
  const blanks = blanksIn(text);
  const refusal = send.error instanceof ApiError ? (send.error.fieldErrors.body ?? send.error.message) : undefined;
  const canAnswer = enquiry.folder === 'inbox';
  const writing = canAnswer && text.trim() !== '';
  useEffect(() => {
    onWriting?.(writing);
    return () => onWriting?.(false);
  }, [writing, onWriting]);

  function pick(value: string) {
    setPicked(value);
    const reply = saved.data?.find((candidate) => String(candidate.id) === value);
    if (!reply) return;
    setText(
      fillReply(reply.body, {
        kind: enquiry.kind,
        reference: enquiry.reference,
        name: enquiry.name,
        staff: me ? staffDisplayNameOf(me.username) : '[[your name]]',
        fields: enquiry.fields,
      }),
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim() || blanks.length > 0) return;
    send.mutate(text, {
      onSuccess: () => {
        setText('');
        setPicked('');
        announce('Reply sent. Its delivery shows in the conversation.');
      },
      onError: (error) => fail(error, 'Sending the reply'),
    });
  }

  if (!canAnswer) return null;
  const whatsappWithText =
    whatsapp && text.trim() && blanks.length === 0
      ? whatsapp.replace(/\?text=.*$/, `?text=${encodeURIComponent(text.trim())}`)
      : null;

  return (
    <section className="enquiry__card conversation__composer" aria-labelledby="conversation-compose">
      <h3 id="conversation-compose" className="enquiry__heading">
        Reply by e-mail
      </h3>
      <form className="enquiry__note-form" onSubmit={handleSubmit}>
        <Field name="saved-reply" label="Start from a saved reply">
          {(control) => (
            <select {...control} value={picked} onChange={(event) => pick(event.target.value)}>
              <option value="">Write my own</option>
              {(saved.data ?? []).map((reply) => (
                <option key={reply.id} value={String(reply.id)}>
                  {reply.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="reply" label={`Your reply to ${enquiry.email}`} error={refusal}>
          {(control) => (
            <textarea
              {...control}
              rows={9}
              value={text}
              maxLength={CONVERSATION_LIMITS.REPLY_MAX}
              aria-describedby={blanks.length > 0 ? blanksId : control['aria-describedby']}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        {blanks.length > 0 ? (
          <div id={blanksId} className="conversation__blanks" role="status">
            <p>
              Replace {blanks.length === 1 ? 'this blank' : `these ${blanks.length} blanks`} before sending:{' '}
              {blanks.map((blank, index) => (
                <mark key={`${blank}-${index}`} className="conversation__blank">
                  [[{blank}]]
                </mark>
              ))}
            </p>
            <p className="conversation__preview" aria-hidden="true">
              {blankRuns(text).map((run, index) =>
                run.blank ? (
                  <mark key={index} className="conversation__blank">
                    {run.text}
                  </mark>
                ) : (
                  <span key={index}>{run.text}</span>
                ),
              )}
            </p>
          </div>
        ) : null}
        <div className="conversation__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={send.isPending || !text.trim() || blanks.length > 0}
          >
            {send.isPending ? 'Sending…' : 'Send reply'}
          </button>
          {whatsappWithText ? (
            <a className="btn btn--secondary" href={whatsappWithText} target="_blank" rel="noopener noreferrer">
              Send this text by WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function Timeline({ enquiry }: { enquiry: EnquiryDetail }) {
  const timeline = useTimeline(enquiry.kind, enquiry.id);
  const { staff } = useDashboard();
  return (
    <section className="enquiry__card" aria-labelledby="conversation-timeline" aria-busy={timeline.isPending}>
      <h3 id="conversation-timeline" className="enquiry__heading">
        Conversation
      </h3>
      {timeline.data?.waitingSince ? (
        <p className="conversation__waiting">
          A reply has waited for us since{' '}
          <time dateTime={timeline.data.waitingSince}>{formatLagosDate(timeline.data.waitingSince)}</time>.
        </p>
      ) : null}
      {timeline.isPending ? (
        <p className="enquiry__quiet">Loading the conversation...</p>
      ) : timeline.isError ? (
        <p className="enquiry__quiet" role="alert">
          The conversation could not be loaded.
        </p>
      ) : (
        <ol className="conversation__timeline" aria-label="Conversation, oldest first">
          {timeline.data.items.map((item) => (
            <li key={`${item.type}-${item.id}`} className={`conversation__item conversation__item--${item.type}`}>
              <TimelineEntry item={item} staff={staff} enquiry={enquiry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function TimelineEntry({
  item,
  staff,
  enquiry,
}: {
  item: TimelineItem;
  staff: ReturnType<typeof useDashboard>['staff'];
  enquiry: EnquiryDetail;
}) {
  const time = (
    <time className="enquiry__time" dateTime={item.at}>
      {formatLagosDate(item.at)}
    </time>
  );
  switch (item.type) {
    case 'event':
      return (
        <p className="conversation__event">
          {historyText({ ...item, actorId: null, createdAt: item.at }, staff)} {time}
        </p>
      );
    case 'enquiry':
      return (
        <p className="conversation__event">
          <strong>{timelineTitle(item)}</strong> {time}
          {item.preview ? <span className="conversation__preview-line">{item.preview}</span> : null}
        </p>
      );
    case 'auto-reply':
      return (
        <p className="conversation__event">
          <strong>{timelineTitle(item)}</strong> ({DELIVERY_WORDS[item.delivery].toLowerCase()}) {time}
        </p>
      );
    case 'note':
      return (
        <div className="conversation__mail conversation__mail--note">
          <p className="conversation__mail-head">
            <strong>{timelineTitle(item)}</strong> {time}
          </p>
          <p className="conversation__body">{item.body}</p>
        </div>
      );
    case 'sent':
      return (
        <div className="conversation__mail conversation__mail--out">
          <p className="conversation__mail-head">
            <strong>{timelineTitle(item)}</strong> {time}
          </p>
          <p className={`conversation__delivery conversation__delivery--${item.delivery}`}>
            {DELIVERY_WORDS[item.delivery]}
          </p>
          <p className="conversation__body">{item.text}</p>
        </div>
      );
    case 'received':
      return <ReceivedMail item={item} time={time} enquiry={enquiry} />;
  }
}

function ReceivedMail({
  item,
  time,
  enquiry,
}: {
  item: Extract<TimelineItem, { type: 'received' }>;
  time: React.ReactNode;
  enquiry: EnquiryDetail;
}) {
  const [open, setOpen] = useState(false);
  const foldedId = useId();
  const { own, folded } = splitQuoted(item.text);
  return (
    <div
      className={`conversation__mail conversation__mail--in${item.automated ? ' conversation__mail--automated' : ''}`}
    >
      <p className="conversation__mail-head">
        <strong>{timelineTitle(item)}</strong> {time}
      </p>
      {item.automated ? <p className="conversation__delivery">Not counted as the customer's answer</p> : null}
      <p className="conversation__subject">{item.subject}</p>
      <p className="conversation__body">{own || '(no text of their own)'}</p>
      {folded ? (
        <>
          <button
            type="button"
            className="conversation__fold"
            aria-expanded={open}
            aria-controls={foldedId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide quoted text' : 'Show quoted text'}
          </button>
          <p id={foldedId} className="conversation__body conversation__quoted" hidden={!open}>
            {folded}
          </p>
        </>
      ) : null}
      {item.attachments.length > 0 ? (
        <ul className="conversation__attachments" aria-label="Attachments">
          {item.attachments.map((attachment) => (
            <li key={attachment.id}>
              <a href={CONVERSATION_PATHS.attachment(enquiry.kind, enquiry.id, attachment.id)} download>
                {attachment.filename}
              </a>{' '}
              <span className="enquiry__quiet">({fileSize(attachment.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** 834 B, 12 KB, 1.4 MB: a file's size as a person reads it. */
function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
