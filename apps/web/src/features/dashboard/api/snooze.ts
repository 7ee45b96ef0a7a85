import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SnoozeAnswerSchema, snoozePathOf, type MessageKind, type SnoozeSet, type SnoozeState } from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';
import { conversationKeys } from './conversation';

const snoozeKey = (kind: MessageKind, id: number) => [...inboxKeys.enquiry(kind, id), 'snooze'] as const;

/** GET: the enquiry's snooze (docs/decisions/0039). */
export function getSnooze(kind: MessageKind, id: number, signal?: AbortSignal): Promise<SnoozeState> {
  return request(snoozePathOf(kind, id), { signal, schema: SnoozeAnswerSchema }).then((answer) => answer.snooze);
}

/** PUT sets a snooze (until a time, or a reply); null is DELETE, which clears it. */
export function changeSnooze(kind: MessageKind, id: number, snooze: SnoozeSet | null): Promise<SnoozeState> {
  return request(snoozePathOf(kind, id), {
    method: snooze === null ? 'DELETE' : 'PUT',
    body: snooze ?? undefined,
    schema: SnoozeAnswerSchema,
  }).then((answer) => answer.snooze);
}

export const useSnooze = (kind: MessageKind, id: number) =>
  useQuery({ queryKey: snoozeKey(kind, id), queryFn: ({ signal }) => getSnooze(kind, id, signal) });

/**
 * The answer replaces the snooze shown; the enquiry and its timeline (their history gained the change) and the lists
 * (their snoozed marks) are read again.
 */
export function useChangeSnooze(kind: MessageKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (snooze: SnoozeSet | null) => changeSnooze(kind, id, snooze),
    onSuccess: async (state) => {
      client.setQueryData(snoozeKey(kind, id), state);
      await Promise.all([
        client.invalidateQueries({ queryKey: inboxKeys.enquiry(kind, id), exact: true }),
        client.invalidateQueries({ queryKey: conversationKeys.timeline(kind, id) }),
        client.invalidateQueries({ queryKey: inboxKeys.lists }),
      ]);
    },
  });
}
