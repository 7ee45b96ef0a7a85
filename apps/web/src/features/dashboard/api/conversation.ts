import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONVERSATION_PATHS,
  ReplyAnswerSchema,
  SavedRepliesAnswerSchema,
  SavedReplyAnswerSchema,
  TimelineAnswerSchema,
  type MessageKind,
  type SavedReplyInput,
  type TimelineAnswer,
  type TimelineItem,
} from '@agency/shared';
import { z } from 'zod';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';

export const conversationKeys = {
  timeline: (kind: MessageKind, id: number) => ['inbox', 'timeline', kind, id] as const,
  savedReplies: ['inbox', 'saved-replies'] as const,
};

/** While a sent reply is pending, the timeline asks again this often for its delivery state. */
const PENDING_POLL_MS = 3000;

/** GET: the enquiry's timeline, oldest first; asked again while a reply waits for the SMTP server. */
export function useTimeline(kind: MessageKind, id: number) {
  return useQuery({
    queryKey: conversationKeys.timeline(kind, id),
    queryFn: ({ signal }) => request(CONVERSATION_PATHS.timeline(kind, id), { signal, schema: TimelineAnswerSchema }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.type === 'sent' && item.delivery === 'pending')
        ? PENDING_POLL_MS
        : false,
  });
}

/** POST: a reply; it joins the timeline at once (pending), and the enquiry is read again (New -> Contacted). */
export function useSendReply(kind: MessageKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      request(CONVERSATION_PATHS.replies(kind, id), { method: 'POST', body: { body }, schema: ReplyAnswerSchema }).then(
        (answer) => answer.mail,
      ),
    onSuccess: (mail: TimelineItem) => {
      client.setQueryData<TimelineAnswer>(conversationKeys.timeline(kind, id), (timeline) =>
        timeline ? { ...timeline, items: [...timeline.items, mail], waitingSince: null } : timeline,
      );
      void client.invalidateQueries({ queryKey: conversationKeys.timeline(kind, id) });
      void client.invalidateQueries({ queryKey: inboxKeys.enquiry(kind, id) });
      void client.invalidateQueries({ queryKey: inboxKeys.lists });
    },
  });
}

/** GET: the saved replies every staff member picks from. */
export function useSavedReplies() {
  return useQuery({
    queryKey: conversationKeys.savedReplies,
    queryFn: ({ signal }) =>
      request(CONVERSATION_PATHS.SAVED_REPLIES, { signal, schema: SavedRepliesAnswerSchema }).then(
        (answer) => answer.replies,
      ),
  });
}

const DeletedSchema = z.object({ success: z.literal(true) });

/** Owners: add (no id), change or delete a saved reply; the list is read again after each. */
export function useSaveSavedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SavedReplyInput }) =>
      request(id === undefined ? CONVERSATION_PATHS.SAVED_REPLIES : CONVERSATION_PATHS.savedReply(id), {
        method: id === undefined ? 'POST' : 'PUT',
        body: input,
        schema: SavedReplyAnswerSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.savedReplies }),
  });
}

export function useDeleteSavedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(CONVERSATION_PATHS.savedReply(id), { method: 'DELETE', schema: DeletedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.savedReplies }),
  });
}
