import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { MessageKind } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { deleteMessage } from '../api/delete-message';
import { listMessages } from '../api/list-messages';
import type { AnyMessage } from '../message-columns';

export interface MessagesState {
  loading: boolean;
  messages: AnyMessage[];
  /** Deletes on the server; the row leaves the list only once the server answered ok. */
  remove: (id: number) => Promise<void>;
}

interface LoadedList {
  kind: MessageKind;
  messages: AnyMessage[];
}

/** 401 or 403: the session expired or the account is not staff, so the inbox must not just look empty. */
const endsSession = (error: unknown) => error instanceof ApiError && error.isSessionEnded;

/**
 * The messages of one kind, reloaded whenever the kind changes (spec 4). The list remembers which
 * kind it holds: while it holds another kind the tab is loading, and a delete answered after a tab
 * switch cannot touch the other tab's rows (ids repeat across kinds). Spec 8: a list that fails or
 * answers in an unexpected format is empty, with a console warning; a failed delete is logged only.
 */
export function useMessages(kind: MessageKind, onSessionEnded: () => void): MessagesState {
  const [list, setList] = useState<LoadedList | null>(null);
  const reportSessionEnded = useEffectEvent(onSessionEnded);
  const latestOnSessionEnded = useRef(onSessionEnded);
  useEffect(() => {
    latestOnSessionEnded.current = onSessionEnded;
  });

  useEffect(() => {
    const controller = new AbortController();
    listMessages(kind, controller.signal)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return [];
        if (endsSession(error)) reportSessionEnded();
        else console.warn(`Loading ${kind} messages failed`, error);
        return [];
      })
      .then((messages) => {
        if (!controller.signal.aborted) setList({ kind, messages });
      });
    return () => controller.abort();
  }, [kind]);

  const remove = useCallback(
    async (id: number) => {
      try {
        await deleteMessage(kind, id);
        setList((current) =>
          current?.kind === kind ? { kind, messages: current.messages.filter((row) => row.id !== id) } : current,
        );
      } catch (error) {
        if (endsSession(error)) latestOnSessionEnded.current();
        else console.error(`Deleting ${kind} message ${id} failed`, error);
      }
    },
    [kind],
  );

  const current = list?.kind === kind ? list : null;
  return { loading: current === null, messages: current?.messages ?? [], remove };
}
