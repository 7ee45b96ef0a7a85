import { useId, useState, type FormEvent } from 'react';
import { CONVERSATION_LIMITS, REPLY_VARIABLES, blanksIn, type SavedReply } from '@agency/shared';
import { Field } from '@/components/forms/fields';
import { ApiError } from '@/lib/api-client';
import { useDeleteSavedReply, useSaveSavedReply, useSavedReplyList } from '../api/saved-replies';
import './owner.css';

/**
 * The owners' saved replies (issue 20): every staff member starts a reply from one in the enquiry's composer. Each
 * change is in the audit log. Variables in braces are filled from the enquiry; `[[...]]` is a blank to fill.
 */
export function SavedReplies() {
  const list = useSavedReplyList();
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  const remove = useDeleteSavedReply();
  const [said, setSaid] = useState('');

  return (
    <div className="owner-sections">
      <section className="owner-card" aria-labelledby="saved-replies-help">
        <h2 className="owner-card__title" id="saved-replies-help">
          How saved replies work
        </h2>
        <p>
          Staff pick a saved reply in an enquiry&apos;s composer; these words are then replaced from the enquiry. Write
          a blank as <code>[[what goes here]]</code>: the reply cannot be sent until it is filled in.
        </p>
        <dl className="saved-replies__variables">
          {REPLY_VARIABLES.map((variable) => (
            <div key={variable.name}>
              <dt>
                <code>{`{${variable.name}}`}</code>
              </dt>
              <dd>{variable.means}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="owner-card" aria-labelledby="saved-replies-list">
        <h2 className="owner-card__title" id="saved-replies-list">
          Saved replies
        </h2>
        <p role="status" className="saved-replies__status">
          {said}
        </p>
        {list.isPending ? (
          <p>Loading the saved replies...</p>
        ) : list.isError ? (
          <p role="alert">The saved replies could not be loaded.</p>
        ) : (
          <ul className="saved-replies__list">
            {list.data.map((reply) => (
              <li key={reply.id} className="saved-replies__item">
                <h3 className="saved-replies__title">{reply.title}</h3>
                <p className="saved-replies__body">{reply.body}</p>
                <div className="saved-replies__actions">
                  <button type="button" className="btn btn--secondary" onClick={() => setEditing(reply)}>
                    Edit<span className="visually-hidden"> {reply.title}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--danger"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (!window.confirm(`Delete the saved reply "${reply.title}"?`)) return;
                      remove.mutate(reply.id, {
                        onSuccess: () => setSaid(`Deleted "${reply.title}".`),
                        onError: () => setSaid('The saved reply could not be deleted.'),
                      });
                    }}
                  >
                    Delete<span className="visually-hidden"> {reply.title}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {editing === null ? (
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            Add a saved reply
          </button>
        ) : null}
      </section>

      {editing !== null ? (
        <SavedReplyForm
          key={editing === 'new' ? 'new' : editing.id}
          reply={editing === 'new' ? undefined : editing}
          onDone={(message) => {
            setEditing(null);
            if (message) setSaid(message);
          }}
        />
      ) : null}
    </div>
  );
}

function SavedReplyForm({ reply, onDone }: { reply?: SavedReply; onDone: (message?: string) => void }) {
  const id = useId();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const save = useSaveSavedReply();
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const failed = save.error && !(save.error instanceof ApiError && Object.keys(save.error.fieldErrors).length > 0);
  const blanks = blanksIn(body);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { id: reply?.id, input: { title, body } },
      { onSuccess: () => onDone(reply ? `Saved "${title.trim()}".` : `Added "${title.trim()}".`) },
    );
  }

  return (
    <form className="owner-card form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 className="owner-card__title" id={`${id}-title`}>
        {reply ? `Edit "${reply.title}"` : 'Add a saved reply'}
      </h2>
      <Field name="title" label="Title" error={errors.title}>
        {(control) => (
          <input
            {...control}
            type="text"
            value={title}
            maxLength={CONVERSATION_LIMITS.SAVED_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field name="body" label="Text" error={errors.body}>
        {(control) => (
          <textarea
            {...control}
            rows={12}
            value={body}
            maxLength={CONVERSATION_LIMITS.SAVED_BODY_MAX}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <p className="saved-replies__hint">
        {blanks.length === 0
          ? 'No blanks: staff can send it as it is once the variables are filled.'
          : `Blanks staff fill before sending: ${blanks.map((blank) => `[[${blank}]]`).join(', ')}.`}
      </p>
      {failed ? (
        <p role="alert" className="saved-replies__error">
          {save.error instanceof ApiError ? save.error.message : 'The saved reply could not be saved.'}
        </p>
      ) : null}
      <div className="saved-replies__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {reply ? 'Save changes' : 'Add saved reply'}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
