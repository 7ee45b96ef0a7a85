import { INBOX_PATHS, type EnquiryUpdate, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';

/** PATCH: status, assignee, read mark or a one-tap answer's channel. Resolves once the server said yes. */
export async function updateEnquiry(kind: MessageKind, id: number, update: EnquiryUpdate): Promise<void> {
  await request(INBOX_PATHS.enquiry(kind, id), { method: 'PATCH', body: update });
}
