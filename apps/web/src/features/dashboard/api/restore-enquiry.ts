import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EnquiryAnswerSchema, INBOX_PATHS, type EnquiryDetail, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { applyEnquiry } from '../inbox-cache';

/** POST: back from the trash to the inbox; answers the enquiry as it is now. */
export function restoreEnquiry(kind: MessageKind, id: number): Promise<EnquiryDetail> {
  return request(INBOX_PATHS.restore(kind, id), { method: 'POST', schema: EnquiryAnswerSchema }).then(
    (answer) => answer.enquiry,
  );
}

export function useRestoreEnquiry(kind: MessageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => restoreEnquiry(kind, id),
    onSuccess: (enquiry) => applyEnquiry(client, enquiry),
  });
}
