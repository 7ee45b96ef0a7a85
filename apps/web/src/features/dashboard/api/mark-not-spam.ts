import { INBOX_PATHS, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST: from the spam folder to the inbox. */
export async function markNotSpam(kind: MessageKind, id: number): Promise<void> {
  await request(INBOX_PATHS.notSpam(kind, id), { method: 'POST' });
}
