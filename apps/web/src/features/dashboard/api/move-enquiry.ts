import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INBOX_PATHS, MoveAnswerSchema, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { applyEnquiry } from '../inbox-cache';

/** An enquiry named by its kind and id. */
export interface EnquiryTarget {
  kind: MessageKind;
  id: number;
}

/**
 * A move between folders that answers the enquiry as it now is and the ticket to undo the move: one request, and the
 * answer takes the row out of the lists it no longer belongs in, into the one it does, with the counts following
 * (applyEnquiry).
 */
function useEnquiryMove(method: 'POST' | 'DELETE', pathOf: (kind: MessageKind, id: number) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: EnquiryTarget) =>
      request(pathOf(kind, id), { method, schema: MoveAnswerSchema }).then(({ enquiry, undo }) => ({ enquiry, undo })),
    onSuccess: ({ enquiry }) => applyEnquiry(client, enquiry),
  });
}

/** DELETE: to the trash, where it can be restored for 30 days. */
export const useTrashEnquiry = () => useEnquiryMove('DELETE', INBOX_PATHS.enquiry);

/** POST: back from the trash to the inbox. */
export const useRestoreEnquiry = () => useEnquiryMove('POST', INBOX_PATHS.restore);

/** POST: from the spam folder to the inbox. */
export const useMarkNotSpam = () => useEnquiryMove('POST', INBOX_PATHS.notSpam);
