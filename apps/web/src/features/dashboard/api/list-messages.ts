import { MESSAGE_KIND_PATHS, type MessageKind, type MessageRowByKind } from '@agency/shared';
import { readJson } from '@/lib/api-client';
import { SessionEndedError, isSessionEndedStatus } from './session-ended-error';

/**
 * GET get_{kind}_messages.php (credentials): the rows, newest first. Spec 7/8: a failed or unexpected
 * answer gives an empty list and a console warning. 401/403 raise SessionEndedError instead, so the
 * dashboard can send the visitor to sign in rather than show an inbox that looks empty.
 */
export async function listMessages<K extends MessageKind>(
  kind: K,
  signal?: AbortSignal,
): Promise<MessageRowByKind[K][]> {
  const response = await fetch(MESSAGE_KIND_PATHS[kind].list, { credentials: 'include', signal });
  if (isSessionEndedStatus(response.status))
    throw new SessionEndedError(`The ${kind} list answered ${response.status}`);
  let body: unknown;
  try {
    body = await readJson<unknown>(response);
  } catch (error) {
    console.warn(`Unexpected ${kind} messages response (not JSON)`, error);
    return [];
  }
  const messages = (body as { success?: unknown; messages?: unknown } | null)?.messages;
  if (!response.ok || (body as { success?: unknown }).success !== true || !Array.isArray(messages)) {
    console.warn(`Unexpected ${kind} messages response`, response.status, body);
    return [];
  }
  return messages as MessageRowByKind[K][];
}
