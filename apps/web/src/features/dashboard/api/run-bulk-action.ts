import { BulkAnswerSchema, INBOX_PATHS, type BulkActionBody, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST: one action (status, trash, restore, not-spam) on up to 100 enquiries; answers how many changed. */
export function runBulkAction(kind: MessageKind, body: BulkActionBody): Promise<number> {
  return request(INBOX_PATHS.bulk(kind), { method: 'POST', body, schema: BulkAnswerSchema }).then(
    (answer) => answer.changed,
  );
}
