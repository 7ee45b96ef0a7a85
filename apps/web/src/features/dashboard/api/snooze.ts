import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SnoozeAnswerSchema,
  snoozePathOf,
  type EnquiryDetail,
  type MessageKind,
  type SnoozeSet,
  type SnoozeState,
} from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';
import { conversationKeys } from './conversation';

/** PUT sets a snooze (until a time, or a reply); null is DELETE, which clears it (docs/decisions/0039). */
export function changeSnooze(kind: MessageKind, id: number, snooze: SnoozeSet | null): Promise<SnoozeState> {
  return request(snoozePathOf(kind, id), {
    method: snooze === null ? 'DELETE' : 'PUT',
    body: snooze ?? undefined,
    schema: SnoozeAnswerSchema,
  }).then((answer) => answer.snooze);
}

/**
 * The answer goes into the open enquiry at once (the enquiry carries its snooze, so nothing is read to show it); the
 * enquiry and its timeline (their history gained the change) and the lists (their snoozed marks) are read again.
 */
export function useChangeSnooze(kind: MessageKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (snooze: SnoozeSet | null) => changeSnooze(kind, id, snooze),
    onSuccess: async (state) => {
      client.setQueryData<EnquiryDetail>(inboxKeys.enquiry(kind, id), (enquiry) =>
        enquiry ? { ...enquiry, ...state } : enquiry,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: inboxKeys.enquiry(kind, id), exact: true }),
        client.invalidateQueries({ queryKey: conversationKeys.timeline(kind, id) }),
        client.invalidateQueries({ queryKey: inboxKeys.lists }),
      ]);
    },
  });
}
