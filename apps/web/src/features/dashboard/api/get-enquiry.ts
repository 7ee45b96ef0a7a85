import { useQuery } from '@tanstack/react-query';
import { EnquiryAnswerSchema, INBOX_PATHS, type EnquiryDetail, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';

/** GET: one enquiry with every field, its notes and its history. */
export function getEnquiry(kind: MessageKind, id: number, signal?: AbortSignal): Promise<EnquiryDetail> {
  return request(INBOX_PATHS.enquiry(kind, id), { signal, schema: EnquiryAnswerSchema }).then(
    (answer) => answer.enquiry,
  );
}

/** The open enquiry; every change to it answers the whole enquiry, which replaces this (inbox-cache.ts). */
export const useEnquiry = (kind: MessageKind, id: number) =>
  useQuery({ queryKey: inboxKeys.enquiry(kind, id), queryFn: ({ signal }) => getEnquiry(kind, id, signal) });
