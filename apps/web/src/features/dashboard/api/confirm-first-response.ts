import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EnquiryAnswerSchema, firstResponsePathOf, type ConfirmedChannel, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { applyEnquiry } from '../inbox-cache';

/**
 * POST: the staff member reached the person on WhatsApp or by phone after a tap (issue 21): the first answer unless
 * one is recorded already. Answers the enquiry as it is now, which the cache takes (applyEnquiry).
 */
export function useConfirmFirstResponse(kind: MessageKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channel: ConfirmedChannel) =>
      request(firstResponsePathOf(kind, id), {
        method: 'POST',
        body: { channel },
        schema: EnquiryAnswerSchema,
      }).then((answer) => answer.enquiry),
    onSuccess: (enquiry) => applyEnquiry(client, enquiry),
  });
}
