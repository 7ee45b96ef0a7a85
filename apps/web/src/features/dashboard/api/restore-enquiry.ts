import { INBOX_PATHS, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST: back from the trash to the inbox. */
export async function restoreEnquiry(kind: MessageKind, id: number): Promise<void> {
  await request(INBOX_PATHS.restore(kind, id), { method: 'POST' });
}
