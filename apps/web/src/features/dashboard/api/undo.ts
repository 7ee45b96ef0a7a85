import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UNDO_PATH, UndoAnswerSchema, type UndoAnswer } from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';

/** POST: undo a move or bulk status change by its ticket's token (docs/decisions/0044). */
export function undoAction(token: string): Promise<UndoAnswer> {
  return request(UNDO_PATH, { method: 'POST', body: { token }, schema: UndoAnswerSchema });
}

/**
 * The answer says how many went back, not which nor where: every list, the counts and the open enquiries are asked
 * again, as after a bulk action.
 */
export function useUndo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: undoAction,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: inboxKeys.lists });
      void client.invalidateQueries({ queryKey: inboxKeys.counts });
      void client.invalidateQueries({ queryKey: ['inbox', 'enquiry'] });
    },
  });
}
