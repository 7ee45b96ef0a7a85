import { useState } from 'react';
import { listedFieldsOf, MESSAGE_KIND_LABELS, SPEC_MESSAGES, type MessageKind } from '@agency/shared';
import { cellText, senderOf, type AnyMessage } from '../message-columns';

const CELL_CLASSES = {
  long: 'messages-table__long',
  'one-line': 'messages-table__nowrap',
} as const;

interface MessagesTableProps {
  kind: MessageKind;
  messages: AnyMessage[];
  onDelete: (id: number) => Promise<void>;
}

/**
 * One kind's messages. Every value is rendered as React text, so an enquiry containing HTML shows
 * as the characters the sender typed. On phones the CSS turns each row into a card whose cells are
 * labelled by their data-label; the explicit table roles keep the table's meaning for screen readers
 * once CSS changes the elements' display.
 */
export function MessagesTable({ kind, messages, onDelete }: MessagesTableProps) {
  const columns = listedFieldsOf(kind);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const captionId = `messages-caption-${kind}`;

  async function handleDelete(id: number) {
    if (!window.confirm(SPEC_MESSAGES.DELETE_CONFIRM)) return;
    setDeleting((ids) => new Set(ids).add(id));
    try {
      await onDelete(id);
    } finally {
      setDeleting((ids) => {
        const remaining = new Set(ids);
        remaining.delete(id);
        return remaining;
      });
    }
  }

  return (
    <div className="messages-table__scroller" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="messages-table" role="table">
        <caption id={captionId} className="visually-hidden">
          {MESSAGE_KIND_LABELS[kind]} messages, newest first
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.name} scope="col" role="columnheader">
                {column.label}
              </th>
            ))}
            <th scope="col" role="columnheader">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {messages.map((message) => (
            <tr key={message.id} role="row">
              {columns.map((column) => (
                <td
                  key={column.name}
                  role="cell"
                  data-label={column.label}
                  className={column.layout && CELL_CLASSES[column.layout]}
                >
                  {column.name === 'created_at' ? (
                    <time dateTime={message.created_at}>{cellText(message, column.name)}</time>
                  ) : (
                    cellText(message, column.name)
                  )}
                </td>
              ))}
              <td className="messages-table__actions" role="cell">
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={deleting.has(message.id)}
                  onClick={() => void handleDelete(message.id)}
                >
                  Delete<span className="visually-hidden"> message from {senderOf(message)}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
