import { useState } from 'react';
import { MESSAGE_KIND_LABELS, SPEC_MESSAGES, type MessageKind } from '@agency/shared';
import { cellText, columnsOf, senderOf, type AnyMessage } from '../message-columns';

const CELL_CLASSES = {
  long: 'messages-table__long',
  'one-line': 'messages-table__nowrap',
  normal: undefined,
} as const;

interface MessagesTableProps {
  kind: MessageKind;
  messages: AnyMessage[];
  onDelete: (id: number) => Promise<void>;
}

/**
 * One kind's messages. Every value is rendered as React text, so an enquiry containing HTML shows
 * as the characters the sender typed. On phones the CSS turns each row into a card whose cells are
 * labelled by their data-label.
 */
export function MessagesTable({ kind, messages, onDelete }: MessagesTableProps) {
  const columns = columnsOf(kind);
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
      <table className="messages-table">
        <caption id={captionId} className="dashboard-sr-only">
          {MESSAGE_KIND_LABELS[kind]} messages, newest first
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.field} scope="col">
                {column.label}
              </th>
            ))}
            <th scope="col">
              <span className="dashboard-sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id}>
              {columns.map((column) => (
                <td key={column.field} data-label={column.label} className={CELL_CLASSES[column.layout]}>
                  {column.field === 'created_at' ? (
                    <time dateTime={message.created_at}>{cellText(message, column.field)}</time>
                  ) : (
                    cellText(message, column.field)
                  )}
                </td>
              ))}
              <td className="messages-table__actions">
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={deleting.has(message.id)}
                  onClick={() => void handleDelete(message.id)}
                >
                  Delete<span className="dashboard-sr-only"> message from {senderOf(message)}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
