import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RESPONSE_TIMES_PATHS,
  ResponseTargetsAnswerSchema,
  type ResponseTargetsAnswer,
  type ResponseTargetsUpdate,
} from '@agency/shared';
import { request } from '@/lib/api-client';

const RESPONSE_TARGETS_KEY = ['response-targets'] as const;

/** GET (staff): each kind's first-response target in business minutes (issue 21). */
export function getResponseTargets(signal?: AbortSignal): Promise<ResponseTargetsAnswer> {
  return request(RESPONSE_TIMES_PATHS.TARGETS, { signal, schema: ResponseTargetsAnswerSchema });
}

/** PUT (owners): changes targets; resolves with every kind's target as saved. */
export function putResponseTargets(update: ResponseTargetsUpdate): Promise<ResponseTargetsAnswer> {
  return request(RESPONSE_TIMES_PATHS.TARGETS, { method: 'PUT', body: update, schema: ResponseTargetsAnswerSchema });
}

export const useResponseTargets = () =>
  useQuery({
    queryKey: RESPONSE_TARGETS_KEY,
    queryFn: ({ signal }) => getResponseTargets(signal),
    meta: { ownersOnly: true },
  });

/** Saves, and puts the answer in the query's place (no second request). */
export function useSaveResponseTargets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putResponseTargets,
    onSuccess: (answer) => client.setQueryData(RESPONSE_TARGETS_KEY, answer),
    meta: { ownersOnly: true },
  });
}
