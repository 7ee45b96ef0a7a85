import { EnquiryAnswerSchema, INBOX_PATHS, type EnquiryDetail, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';

/** GET: one enquiry with every field, its notes and its history. */
export function getEnquiry(kind: MessageKind, id: number, signal?: AbortSignal): Promise<EnquiryDetail> {
  return request(INBOX_PATHS.enquiry(kind, id), { signal, schema: EnquiryAnswerSchema }).then(
    (answer) => answer.enquiry,
  );
}
