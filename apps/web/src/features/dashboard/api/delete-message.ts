import { MESSAGE_KIND_PATHS, type MessageKind } from '@agency/shared';
import { sendJson } from '@/lib/api-client';
import { SessionEndedError, isSessionEndedStatus } from './session-ended-error';

/**
 * DELETE delete_{kind}_message.php?id= (credentials). The body is ignored (spec 7); true once the
 * server answered ok. Failures are logged only (spec 8); 401/403 raise SessionEndedError.
 */
export async function deleteMessage(kind: MessageKind, id: number): Promise<boolean> {
  let response: Response;
  try {
    response = await sendJson(`${MESSAGE_KIND_PATHS[kind].delete}?id=${encodeURIComponent(id)}`, 'DELETE');
  } catch (error) {
    console.error(`Deleting ${kind} message ${id} failed`, error);
    return false;
  }
  if (isSessionEndedStatus(response.status)) throw new SessionEndedError(`Delete answered ${response.status}`);
  if (!response.ok) console.error(`Deleting ${kind} message ${id} failed with status ${response.status}`);
  return response.ok;
}
