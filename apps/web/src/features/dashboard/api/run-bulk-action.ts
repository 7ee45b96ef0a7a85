import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkAnswerSchema, INBOX_PATHS, type BulkActionBody, type MessageKind, type UndoTicket } from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';

/**
 * POST: one action (status, trash, restore, not-spam) on up to 100 enquiries; answers how many changed and the ticket
 * to undo it (null when nothing changed).
 */
export function runBulkAction(
  kind: MessageKind,
  body: BulkActionBody,
): Promise<{ changed: number; undo: UndoTicket | null }> {
  return request(INBOX_PATHS.bulk(kind), { method: 'POST', body, schema: BulkAnswerSchema }).then(
    ({ changed, undo }) => ({ changed, undo }),
  );
}

/**
 * The answer is only how many changed, not which nor how: the lists on screen and the counts are asked again, and
 * the kind's enquiries are marked stale for their next opening.
 */
export function useBulkAction(kind: MessageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkActionBody) => runBulkAction(kind, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: inboxKeys.lists });
      void client.invalidateQueries({ queryKey: inboxKeys.counts });
      void client.invalidateQueries({ queryKey: inboxKeys.enquiries(kind) });
    },
  });
}
