import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EnquiryAnswerSchema,
  INBOX_PATHS,
  type EnquiryDetail,
  type EnquiryUpdate,
  type MessageKind,
} from '@agency/shared';
import { request } from '@/lib/api-client';
import { applyEnquiry } from '../inbox-cache';

/** PATCH: status, assignee, read mark or a one-tap answer's channel; answers the enquiry as it is now. */
export function updateEnquiry(kind: MessageKind, id: number, update: EnquiryUpdate): Promise<EnquiryDetail> {
  return request(INBOX_PATHS.enquiry(kind, id), { method: 'PATCH', body: update, schema: EnquiryAnswerSchema }).then(
    (answer) => answer.enquiry,
  );
}

/** One request: the answer updates the open enquiry, its list rows and the counts (applyEnquiry). */
export function useUpdateEnquiry(kind: MessageKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: EnquiryUpdate }) => updateEnquiry(kind, id, update),
    onSuccess: (enquiry) => applyEnquiry(client, enquiry),
  });
}
