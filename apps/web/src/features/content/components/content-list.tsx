import { useId } from 'react';
import { CONTENT_TYPE_LABELS, CONTENT_TYPES, type ContentType } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { formatLagosDate } from '@/lib/format-date';
import { useContentList } from '../api/content-items';
import { EDITORS_ONLY } from '../content-access';
import { CONTENT_FORMS, stateLabel } from '../content-forms';
import { ContentOrder } from './content-order';

interface ContentListProps {
  type: ContentType;
  onType: (type: ContentType) => void;
  onOpen: (id: number) => void;
  onNew: (type: ContentType) => void;
}

/**
 * The items of one type, newest change first, each with its state and when it last changed. A select chooses the
 * type (four tabs do not fit a phone's row with their words); a link-like button opens an item in the editor.
 */
export function ContentList({ type, onType, onOpen, onNew }: ContentListProps) {
  const id = useId();
  const list = useContentList(type);
  const { newLabel } = CONTENT_FORMS[type];
  const labels = CONTENT_TYPE_LABELS[type];

  return (
    <section className="owner-card content-list" aria-labelledby={`${id}-title`}>
      <div className="content-list__head">
        <h2 className="owner-card__title" id={`${id}-title`}>
          {labels.many}
        </h2>
        <div className="field content-list__type">
          <label className="field__label" htmlFor={`${id}-type`}>
            Show
          </label>
          <select id={`${id}-type`} value={type} onChange={(event) => onType(event.target.value as ContentType)}>
            {CONTENT_TYPES.map((each) => (
              <option key={each} value={each}>
                {CONTENT_TYPE_LABELS[each].many}
              </option>
            ))}
          </select>
        </div>
        {newLabel ? (
          <button type="button" className="btn btn--primary content-list__new" onClick={() => onNew(type)}>
            {newLabel}
          </button>
        ) : null}
      </div>

      {list.isPending ? (
        <p>Loading the {labels.many.toLowerCase()}...</p>
      ) : list.isError ? (
        <p role="alert">
          {list.error instanceof ApiError && list.error.status === 403
            ? EDITORS_ONLY
            : `The ${labels.many.toLowerCase()} could not be loaded. Please try again.`}
        </p>
      ) : list.data.length === 0 ? (
        <p className="owner-empty">No {labels.many.toLowerCase()} yet.</p>
      ) : (
        <ul className="content-items">
          {list.data.map((item) => (
            <li key={item.id} className="content-item">
              <button type="button" className="content-item__open" onClick={() => onOpen(item.id)}>
                {item.title || '(no title yet)'}
              </button>
              <p className="content-item__meta">
                <span className={`content-state content-state--${item.state}`}>{stateLabel(item)}</span>
                <span>
                  {' · '}Changed <time dateTime={item.updatedAt}>{formatLagosDate(item.updatedAt)}</time>
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.data ? <ContentOrder items={list.data} many={labels.many.toLowerCase()} /> : null}
    </section>
  );
}
