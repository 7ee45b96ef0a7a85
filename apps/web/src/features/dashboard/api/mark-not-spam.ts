import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EnquiryAnswerSchema, INBOX_PATHS, type EnquiryDetail, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { applyEnquiry } from '../inbox-cache';

/** POST: from the spam folder to the inbox; answers the enquiry as it is now. */
export function markNotSpam(kind: MessageKind, id: number): Promise<EnquiryDetail> {
  return request(INBOX_PATHS.notSpam(kind, id), { method: 'POST', schema: EnquiryAnswerSchema }).then(
    (answer) => answer.enquiry,
  );
}

export function useMarkNotSpam(kind: MessageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markNotSpam(kind, id),
    onSuccess: (enquiry) => applyEnquiry(client, enquiry),
  });
}
