import { useEffect, useId, useRef, useState } from 'react';
import type { ContentItemSummary, MoveDirection } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { useContentChange } from '../api/content-items';

interface ContentOrderProps {
  items: readonly ContentItemSummary[];
  /** The type's plural, lower case ("case studies"). */
  many: string;
}

/**
 * The published items of a type in the order every list on the site shows them, each with Move up and Move down
 * (POST CONTENT_PATHS.move). The buttons are real buttons, so the keyboard reaches them; the one pressed keeps the
 * focus as its item moves, and at either end a button says it cannot go further (aria-disabled) rather than vanish
 * from the tab order under the keyboard.
 */
export function ContentOrder({ items, many }: ContentOrderProps) {
  const id = useId();
  const change = useContentChange();
  const [status, setStatus] = useState('');
  const [refocus, setRefocus] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const placed = items
    .filter((item) => item.listPlace !== undefined)
    .sort((a, b) => (a.listPlace ?? 0) - (b.listPlace ?? 0));
  const order = placed.map((item) => item.id).join(',');

  // Moving a focused button in the page drops its focus: it is given back once the list shows the new order.
  useEffect(() => {
    if (!refocus) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-move="${refocus}"]`)?.focus();
  }, [order, refocus]);

  if (placed.length < 2) return null;

  const move = (item: ContentItemSummary, direction: MoveDirection, atEnd: boolean) => {
    const title = item.title || item.slug;
    if (atEnd) {
      setStatus(`${title} is already ${direction === 'up' ? 'first' : 'last'}.`);
      return;
    }
    if (change.isPending) return;
    setRefocus(`${item.id}-${direction}`);
    change.mutate(
      { action: 'move', id: item.id, direction },
      {
        onSuccess: () => setStatus(`${title} moved ${direction}. The site shows the new order in a few seconds.`),
        onError: (error) =>
          setStatus(error instanceof ApiError ? error.message : `${title} could not be moved. Please try again.`),
      },
    );
  };

  return (
    <section className="content-order" aria-labelledby={`${id}-title`}>
      <h3 className="content-order__title" id={`${id}-title`}>
        Order on the site
      </h3>
      <p className="content-order__hint">The published {many} appear in this order on every page that lists them.</p>
      <ol className="content-order__list" ref={list}>
        {placed.map((item, index) => {
          const title = item.title || item.slug;
          const first = index === 0;
          const last = index === placed.length - 1;
          return (
            <li key={item.id} className="content-order__item">
              <span className="content-order__name">{title}</span>
              <span className="content-order__moves">
                <button
                  type="button"
                  className="btn btn--secondary"
                  data-move={`${item.id}-up`}
                  aria-label={`Move ${title} up`}
                  aria-disabled={first || undefined}
                  onClick={() => move(item, 'up', first)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="btn btn--secondary"
                  data-move={`${item.id}-down`}
                  aria-label={`Move ${title} down`}
                  aria-disabled={last || undefined}
                  onClick={() => move(item, 'down', last)}
                >
                  Move down
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="content-order__status" role="status">
        {status}
      </p>
    </section>
  );
}
