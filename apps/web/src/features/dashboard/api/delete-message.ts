import { MESSAGE_KIND_PATHS, type MessageKind } from '@agency/shared';
import { request } from '@/lib/api-client';

/** DELETE delete_{kind}_message.php?id= (credentials). Resolves once the server answered ok; the body is ignored. */
export function deleteMessage(kind: MessageKind, id: number): Promise<void> {
  return request(MESSAGE_KIND_PATHS[kind].delete, { method: 'DELETE', query: { id }, success: 'status' });
}
