import { useRef, type KeyboardEvent } from 'react';
import { INBOX_VIEWS } from '@agency/shared';
import { listLabelOf, type ListKind } from '../inbox-query';

export const tabIdOf = (kind: ListKind) => `messages-tab-${kind}`;
export const panelIdOf = (kind: ListKind) => `messages-panel-${kind}`;

interface MessageTabsProps {
  selected: ListKind;
  onSelect: (kind: ListKind) => void;
  /**
   * Each tab's count of enquiries in the inbox the signed-in person has not opened, once known ("All" counts every
   * kind's): the same meaning as a row's unread dot, so opening an enquiry takes one off both.
   */
  unreadCounts: Partial<Record<ListKind, number>>;
}

/**
 * The four message kinds and "All" (issue 19) as a WAI-ARIA tablist: arrow keys, Home and End move and select. A kind with enquiries
 * unread by the signed-in person shows their number, and its tab is named (aria-label, the same words)
 * "Contact (3 unread)".
 */
export function MessageTabs({ selected, onSelect, unreadCounts }: MessageTabsProps) {
  const tabs = useRef(new Map<ListKind, HTMLButtonElement>());

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = INBOX_VIEWS.indexOf(selected);
    const last = INBOX_VIEWS.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const kind = INBOX_VIEWS[target];
    if (!kind) return;
    onSelect(kind);
    tabs.current.get(kind)?.focus();
  }

  return (
    <div className="message-tabs" role="tablist" aria-label="Message kinds" onKeyDown={handleKeyDown}>
      {INBOX_VIEWS.map((kind) => (
        <button
          key={kind}
          ref={(element) => {
            if (element) tabs.current.set(kind, element);
            else tabs.current.delete(kind);
          }}
          type="button"
          role="tab"
          id={tabIdOf(kind)}
          className="message-tabs__tab"
          aria-selected={kind === selected}
          aria-controls={panelIdOf(kind)}
          tabIndex={kind === selected ? 0 : -1}
          aria-label={unreadCounts[kind] ? `${listLabelOf(kind)} (${unreadCounts[kind]} unread)` : undefined}
          onClick={() => onSelect(kind)}
        >
          {listLabelOf(kind)}
          <UnreadCount count={unreadCounts[kind] ?? 0} />
        </button>
      ))}
    </div>
  );
}

function UnreadCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="message-tabs__count" aria-hidden="true">
      {count} unread
    </span>
  );
}
