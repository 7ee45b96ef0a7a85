import { INBOX_PATHS, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';

/** DELETE: moves one enquiry to the trash, where it can be restored for 30 days. */
export async function trashEnquiry(kind: MessageKind, id: number): Promise<void> {
  await request(INBOX_PATHS.enquiry(kind, id), { method: 'DELETE' });
}
