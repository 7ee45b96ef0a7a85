import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONVERSATION_PATHS,
  SavedRepliesAnswerSchema,
  SavedReplyAnswerSchema,
  type SavedReplyInput,
} from '@agency/shared';
import { z } from 'zod';
import { request } from '@/lib/api-client';

/** The same key as the inbox's composer reads (features/dashboard/api/conversation.ts): a change shows there too. */
const savedRepliesKey = ['inbox', 'saved-replies'] as const;

export function useSavedReplyList() {
  return useQuery({
    queryKey: savedRepliesKey,
    queryFn: ({ signal }) =>
      request(CONVERSATION_PATHS.SAVED_REPLIES, { signal, schema: SavedRepliesAnswerSchema }).then(
        (answer) => answer.replies,
      ),
  });
}

/** Owners: add (no id) or change a saved reply. */
export function useSaveSavedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SavedReplyInput }) =>
      request(id === undefined ? CONVERSATION_PATHS.SAVED_REPLIES : CONVERSATION_PATHS.savedReply(id), {
        method: id === undefined ? 'POST' : 'PUT',
        body: input,
        schema: SavedReplyAnswerSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}

export function useDeleteSavedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(CONVERSATION_PATHS.savedReply(id), { method: 'DELETE', schema: z.object({ success: z.literal(true) }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}
