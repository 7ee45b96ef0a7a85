import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EnquiryAnswerSchema, INBOX_PATHS, type EnquiryDetail, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { applyEnquiry } from '../inbox-cache';

/** DELETE: moves one enquiry to the trash, where it can be restored for 30 days; answers it as it is now. */
export function trashEnquiry(kind: MessageKind, id: number): Promise<EnquiryDetail> {
  return request(INBOX_PATHS.enquiry(kind, id), { method: 'DELETE', schema: EnquiryAnswerSchema }).then(
    (answer) => answer.enquiry,
  );
}

/** One request: the row leaves the lists it no longer belongs in and the counts follow (applyEnquiry). */
export function useTrashEnquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: MessageKind; id: number }) => trashEnquiry(kind, id),
    onSuccess: (enquiry) => applyEnquiry(client, enquiry),
  });
}
