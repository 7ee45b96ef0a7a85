import { MESSAGE_KIND_PATHS, type MessageKind, type MessageRowByKind } from '@agency/shared';
import { request, type ResponseSchema } from '@/lib/api-client';

/** spec 7: success, messages[]. The rows are shown as text, field by field, so only the list itself is checked. */
function messagesAnswerSchema<K extends MessageKind>(): ResponseSchema<MessageRowByKind[K][]> {
  return {
    parse(answer) {
      const messages =
        typeof answer === 'object' && answer !== null ? (answer as { messages?: unknown }).messages : undefined;
      if (!Array.isArray(messages)) throw new TypeError('The answer has no messages list');
      return messages as MessageRowByKind[K][];
    },
  };
}

/** GET get_{kind}_messages.php (credentials): the rows of one kind, newest first. */
export function listMessages<K extends MessageKind>(kind: K, signal?: AbortSignal): Promise<MessageRowByKind[K][]> {
  return request(MESSAGE_KIND_PATHS[kind].list, { signal, schema: messagesAnswerSchema<K>() });
}
