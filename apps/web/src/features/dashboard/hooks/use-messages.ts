import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageKind } from '@agency/shared';
import { deleteMessage } from '../api/delete-message';
import { listMessages } from '../api/list-messages';
import { SessionEndedError } from '../api/session-ended-error';
import type { AnyMessage } from '../message-columns';

export interface MessagesState {
  loading: boolean;
  messages: AnyMessage[];
  /** Deletes on the server; the row leaves the list only once the server answered ok. */
  remove: (id: number) => Promise<void>;
}

/** The messages of one kind, reloaded whenever the kind changes (spec 4). */
export function useMessages(kind: MessageKind, onSessionEnded: () => void): MessagesState {
  const [loading, setLoading] = useState(true);
  const [messages, setMessages] = useState<AnyMessage[]>([]);
  const latestOnSessionEnded = useRef(onSessionEnded);
  latestOnSessionEnded.current = onSessionEnded;
  // A delete that answers after a tab switch must not touch the other tab's rows (ids repeat across kinds).
  const shownKind = useRef(kind);

  useEffect(() => {
    shownKind.current = kind;
    const controller = new AbortController();
    setLoading(true);
    setMessages([]);
    listMessages(kind, controller.signal)
      .then((rows) => {
        if (!controller.signal.aborted) setMessages(rows);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof SessionEndedError) return latestOnSessionEnded.current();
        console.warn(`Loading ${kind} messages failed`, error);
        setMessages([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [kind]);

  const remove = useCallback(
    async (id: number) => {
      try {
        const deleted = await deleteMessage(kind, id);
        if (deleted && shownKind.current === kind) setMessages((rows) => rows.filter((row) => row.id !== id));
      } catch (error) {
        if (error instanceof SessionEndedError) latestOnSessionEnded.current();
        else console.error(`Deleting ${kind} message ${id} failed`, error);
      }
    },
    [kind],
  );

  return { loading, messages, remove };
}
