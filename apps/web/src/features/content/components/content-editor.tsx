import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { CONTENT_TYPE_LABELS, type ContentItem, type ContentType } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { formatLagosDate } from '@/lib/format-date';
import { isAccessError } from '@/lib/staff-query';
import { useContentChange, useDeleteContent, type ContentChange } from '../api/content-items';
import { CONTENT_FORMS, errorsByPath, fieldId, labelOf, slugFrom, stateLabel, type FieldSpec } from '../content-forms';
import { isoToLagosLocal, lagosLocalToIso } from '../lagos-time';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ContentField, SpecField } from './content-fields';
import { ContentPreview } from './content-preview';
import { ImageField } from './image-field';

/** A summary link moves the keyboard to its field, not only the view (a fragment alone does not focus it). */
function focusField(event: MouseEvent<HTMLAnchorElement>, path: string) {
  const field = document.getElementById(fieldId(path));
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView?.({ block: 'center' });
}

interface ContentEditorProps {
  type: ContentType;
  /** null: a new item, created by its first save. */
  item: ContentItem | null;
  announce: (message: string) => void;
  onList: (type: ContentType, message?: string) => void;
  onCreated: (id: number) => void;
}

type Draft = Record<string, unknown>;

/**
 * One item's editor (issue 22): its fields, then Save draft, Preview, Publish now, Schedule, Unpublish, its versions
 * with Roll back, and Delete. Publishing and previewing save the draft first. The server checks every field (the
 * type's schema); what it refuses is shown at the field and in a summary that links to it.
 */
export function ContentEditor({ type, item, announce, onList, onCreated }: ContentEditorProps) {
  const id = useId();
  const form = CONTENT_FORMS[type];
  const labels = CONTENT_TYPE_LABELS[type];
  const [data, setData] = useState<Draft>(() => ({ ...form.blank(), ...(item?.data ?? {}) }));
  const [slug, setSlug] = useState(item?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(item !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [scheduleAt, setScheduleAt] = useState('');
  const [scheduleError, setScheduleError] = useState('');
  const [earliest] = useState(() => isoToLagosLocal(Date.now()));
  const [previewRevision, setPreviewRevision] = useState(0);
  const [asking, setAsking] = useState(false);
  const change = useContentChange();
  const remove = useDeleteContent();
  const summary = useRef<HTMLDivElement>(null);
  const busy = change.isPending || remove.isPending;

  const title = String(data[form.titleKey] ?? '').trim();
  const named = title ? `"${title}"` : `this ${labels.one.toLowerCase()}`;
  const errorList = Object.entries(errors);

  useEffect(() => {
    if (errorList.length > 0) summary.current?.focus();
    // Only a new set of errors moves focus, not each keystroke after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  const set = (key: string, value: unknown) => {
    setData((current) => ({ ...current, [key]: value }));
    if (!slugTouched && key === form.titleKey && typeof value === 'string') setSlug(slugFrom(value));
  };

  /** Sends one change; its refusal is shown and announced, and null returned. */
  async function send(request: ContentChange, failure: string): Promise<ContentItem | null> {
    try {
      const answer = await change.mutateAsync(request);
      setErrors({});
      return answer;
    } catch (error) {
      if (isAccessError(error)) {
        announce(
          error instanceof ApiError && error.status === 403 ? 'Only owners and editors can change content.' : '',
        );
        return null;
      }
      const fields = error instanceof ApiError ? errorsByPath(error.fieldErrors) : {};
      // 409: another item of the type has this page address.
      const savingSlug = request.action === 'create' || request.action === 'save';
      if (savingSlug && error instanceof ApiError && error.status === 409 && error.serverMessage) {
        fields.slug ??= error.serverMessage;
      }
      const count = Object.keys(fields).length;
      setErrors(fields);
      announce(
        count > 0
          ? `${failure}: ${count === 1 ? 'one field needs' : `${count} fields need`} a change.`
          : `${failure}. ${error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.'}`,
      );
      return null;
    }
  }

  async function saveDraft(): Promise<ContentItem | null> {
    if (item === null) return send({ action: 'create', type, slug, data }, 'The draft was not saved');
    return send({ action: 'save', id: item.id, slug, data }, 'The draft was not saved');
  }

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = await saveDraft();
    if (!saved) return;
    announce(
      `Saved the draft of ${named}.${saved.publishedVersion !== null ? ' The site still shows the published version.' : ''}`,
    );
    if (item === null) onCreated(saved.id);
  }

  async function onPreview() {
    const saved = await saveDraft();
    if (!saved) return;
    if (item === null) {
      announce(`Saved the draft of ${named}. Preview it below.`);
      onCreated(saved.id);
      return;
    }
    setPreviewRevision((revision) => revision + 1);
    announce(`Saved the draft of ${named}: the preview shows it at phone and desktop width below.`);
  }

  async function publish(at?: string) {
    const saved = await saveDraft();
    if (!saved) return;
    const published = await send(
      { action: 'publish', id: saved.id, at },
      at ? `${named} was not scheduled` : `${named} was not published`,
    );
    if (!published) return;
    announce(
      at ? `Scheduled ${named} for ${formatLagosDate(at)} (Lagos time).` : `Published ${named}: it is on the site now.`,
    );
    if (item === null) onCreated(saved.id);
  }

  function onSchedule() {
    const at = lagosLocalToIso(scheduleAt);
    if (!at) {
      setScheduleError('Choose a day and a time.');
      return;
    }
    if (Date.parse(at) <= Date.now()) {
      setScheduleError('Choose a time in the future, or use Publish now.');
      return;
    }
    setScheduleError('');
    void publish(at);
  }

  async function onUnpublish() {
    if (!item) return;
    const done = await send({ action: 'unpublish', id: item.id }, `${named} was not unpublished`);
    if (done) announce(`Unpublished ${named}: it is no longer on the site.`);
  }

  async function onRollback(version: number) {
    if (!item) return;
    const done = await send({ action: 'rollback', id: item.id, version }, `${named} was not rolled back`);
    if (!done) return;
    setData({ ...form.blank(), ...done.data });
    announce(`Rolled back to version ${version}: it is published again and is the draft.`);
  }

  function onDelete(confirmed: boolean) {
    setAsking(false);
    if (!confirmed || !item) return;
    remove.mutate(item.id, {
      onSuccess: () => onList(type, `Deleted ${named}: its page is gone from the site.`),
      onError: (error) => {
        if (!isAccessError(error)) announce(`${named} was not deleted. Please try again.`);
      },
    });
  }

  const context = { type, errors };
  const live = item !== null && item.publishedVersion !== null;

  return (
    <div className="content-editor">
      <p className="content-editor__back">
        <button type="button" className="owner-link content-editor__back-button" onClick={() => onList(type)}>
          Back to the {labels.many.toLowerCase()}
        </button>
      </p>

      <form className="owner-card form content-form" aria-labelledby={`${id}-title`} onSubmit={onSave} noValidate>
        <div className="content-form__head">
          <h2 className="owner-card__title" id={`${id}-title`}>
            {item ? `${labels.one}: ${title || '(no title yet)'}` : form.newLabel}
          </h2>
          {item ? <p className="content-form__state">{stateLabel(item)}</p> : null}
        </div>

        {errorList.length > 0 ? (
          <div className="content-errors" role="alert" tabIndex={-1} ref={summary} aria-labelledby={`${id}-errors`}>
            <h3 className="content-errors__title" id={`${id}-errors`}>
              {errorList.length === 1 ? 'One field needs a change' : `${errorList.length} fields need a change`}
            </h3>
            <ul>
              {errorList.map(([path, message]) => (
                <li key={path}>
                  <a href={`#${fieldId(path)}`} onClick={(event) => focusField(event, path)}>
                    {labelOf(type, path)}: {message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {type === 'training' ? null : (
          <ContentField
            path="slug"
            label="Page address"
            hint={
              type === 'testimonial'
                ? 'A short name for this testimonial: lower-case words joined by hyphens.'
                : 'The last part of the page’s address: lower-case words joined by hyphens, e.g. new-bakery-website.'
            }
            error={errors.slug}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                maxLength={120}
                autoCapitalize="none"
                spellCheck={false}
                value={slug}
                onChange={(event) => {
                  setSlugTouched(true);
                  setSlug(event.target.value);
                }}
              />
            )}
          </ContentField>
        )}

        {(form.fields as readonly FieldSpec[]).map((spec) =>
          spec.kind === 'image' ? (
            <ImageField
              key={spec.key}
              spec={spec}
              value={data[spec.key]}
              set={set}
              context={context}
              announce={announce}
            />
          ) : (
            <SpecField key={spec.key} spec={spec} data={data} set={set} context={context} />
          ),
        )}

        <div className="content-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save draft
          </button>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void onPreview()}>
            Preview
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void publish()}>
            Publish now
          </button>
        </div>

        <fieldset className="content-group content-schedule">
          <legend className="content-group__legend">Publish later</legend>
          <ContentField
            path="schedule"
            label="Publish at (Lagos time)"
            hint={
              item?.state === 'scheduled' && item.publishAt
                ? `Now scheduled for ${formatLagosDate(item.publishAt)}. A new time replaces it.`
                : 'Schedule saves the form as it is now; that version goes live at this time.'
            }
            error={scheduleError || undefined}
          >
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                min={earliest}
                value={scheduleAt}
                onChange={(event) => setScheduleAt(event.target.value)}
              />
            )}
          </ContentField>
          <p>
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={onSchedule}>
              Schedule
            </button>
          </p>
        </fieldset>
      </form>

      {item && previewRevision > 0 ? (
        <section className="owner-card content-editor__preview" aria-labelledby={`${id}-preview`}>
          <h2 className="owner-card__title" id={`${id}-preview`}>
            Preview of the draft
          </h2>
          <ContentPreview id={item.id} title={title || labels.one} revision={previewRevision} />
        </section>
      ) : null}

      <div className="content-editor__side">
        {item ? (
          <section className="owner-card" aria-labelledby={`${id}-site`}>
            <h2 className="owner-card__title" id={`${id}-site`}>
              On the site
            </h2>
            <p>
              {stateLabel(item)}
              {item.path && live ? (
                <>
                  {' · '}
                  <a className="owner-link" href={item.path} target="_blank" rel="noopener">
                    Open the page<span className="visually-hidden"> (opens a new tab)</span>
                  </a>
                </>
              ) : null}
            </p>
            {live || item.state === 'scheduled' ? (
              <p>
                <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void onUnpublish()}>
                  Unpublish
                </button>
              </p>
            ) : null}

            <h3 className="content-versions__title">Versions</h3>
            {item.versions.length === 0 ? (
              <p className="owner-empty">Not published yet: publishing makes the draft version 1.</p>
            ) : (
              <ol className="content-versions" reversed>
                {[...item.versions]
                  .sort((a, b) => b.version - a.version)
                  .map((version) => (
                    <li key={version.version} className="content-version">
                      <p className="content-version__what">
                        Version {version.version}
                        {version.version === item.publishedVersion ? ' (on the site)' : ''}
                        <span className="content-version__meta">
                          {' · '}
                          <time dateTime={version.createdAt}>{formatLagosDate(version.createdAt)}</time>
                          {version.createdBy ? ` · by ${version.createdBy}` : ''}
                        </span>
                      </p>
                      {version.version === item.publishedVersion ? null : (
                        <button
                          type="button"
                          className="btn btn--secondary"
                          disabled={busy}
                          onClick={() => void onRollback(version.version)}
                        >
                          Roll back to this version<span className="visually-hidden"> ({version.version})</span>
                        </button>
                      )}
                    </li>
                  ))}
              </ol>
            )}
          </section>
        ) : null}

        {item && type !== 'training' ? (
          <section className="owner-card" aria-labelledby={`${id}-delete`}>
            <h2 className="owner-card__title" id={`${id}-delete`}>
              Delete
            </h2>
            <p>Deleting removes it and every version; its page is gone from the site.</p>
            <p>
              <button type="button" className="btn btn--owner-danger" disabled={busy} onClick={() => setAsking(true)}>
                Delete {labels.one.toLowerCase()}
              </button>
            </p>
          </section>
        ) : null}
      </div>

      {asking ? (
        <ConfirmDialog
          danger
          title={`Delete ${named}?`}
          confirmLabel={`Delete ${labels.one.toLowerCase()}`}
          onConfirm={() => onDelete(true)}
          onCancel={() => onDelete(false)}
        >
          <p>It and all its versions are removed, and its page leaves the site. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
