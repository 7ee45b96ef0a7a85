import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRESENCE_TIMES,
  presencePath,
  PresenceAnswerSchema,
  type MessageKind,
  type PresenceActivity,
  type PresentColleague,
} from '@agency/shared';
import { request } from '@/lib/api-client';

/** Who else is on an enquiry (issue 23 item 4, docs/decisions/0046). */
const presenceKey = (kind: MessageKind, id: number) => ['presence', kind, id] as const;

/** GET: the colleagues who have the enquiry open or are writing a reply on it (never the caller). */
export function getPresence(kind: MessageKind, id: number, signal?: AbortSignal): Promise<PresentColleague[]> {
  return request(presencePath(kind, id), { signal, schema: PresenceAnswerSchema }).then((answer) => answer.present);
}

/** POST: a heartbeat (viewing, or writing a reply) for the next 40 s; answers who else is there. */
export function postPresence(kind: MessageKind, id: number, activity: PresenceActivity): Promise<PresentColleague[]> {
  return request(presencePath(kind, id), { method: 'POST', body: { activity }, schema: PresenceAnswerSchema }).then(
    (answer) => answer.present,
  );
}

/** DELETE: the person left the enquiry; colleagues stop seeing them at once. */
export function deletePresence(kind: MessageKind, id: number): Promise<PresentColleague[]> {
  return request(presencePath(kind, id), { method: 'DELETE', schema: PresenceAnswerSchema }).then(
    (answer) => answer.present,
  );
}

/** Asked again every few seconds while the tab is shown (TanStack Query pauses it while hidden). */
export const usePresence = (kind: MessageKind, id: number) =>
  useQuery({
    queryKey: presenceKey(kind, id),
    queryFn: ({ signal }) => getPresence(kind, id, signal),
    refetchInterval: PRESENCE_TIMES.POLL_MS,
    refetchIntervalInBackground: false,
  });

/** A heartbeat whose answer replaces the list (no second request). */
export function useSendPresence(kind: MessageKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (activity: PresenceActivity) => postPresence(kind, id, activity),
    onSuccess: (present) => client.setQueryData(presenceKey(kind, id), present),
  });
}
