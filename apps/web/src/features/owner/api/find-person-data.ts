import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DataRequestAnswerSchema,
  STAFF_ADMIN_PATHS,
  type DataRequestAnswer,
  type DataRequestQuery,
} from '@agency/shared';
import { request } from '@/lib/api-client';

/** GET (owners): every enquiry, note and mail record of one person, by e-mail address or phone number. */
export function findPersonData(query: DataRequestQuery, signal?: AbortSignal): Promise<DataRequestAnswer> {
  return request(STAFF_ADMIN_PATHS.DATA_REQUEST, { signal, query: { ...query }, schema: DataRequestAnswerSchema });
}

/**
 * One person's records. Asked when the owner searches, and again after an erasure (what is left), never behind their
 * back: what is on screen is what the erasure's confirmation counts.
 */
export const personDataQuery = (query: DataRequestQuery) =>
  queryOptions({
    queryKey: ['person-data', query],
    queryFn: ({ signal }) => findPersonData(query, signal),
    staleTime: Infinity,
    meta: { ownersOnly: true },
  });

/** Searches now (a search, or what is left after an erasure); the answer goes where usePersonData reads it. */
export function useSearchPersonData() {
  const client = useQueryClient();
  return (query: DataRequestQuery) => client.fetchQuery({ ...personDataQuery(query), staleTime: 0 });
}

/** The records of the person last searched, as the last search or erasure left them. */
export const usePersonData = (query: DataRequestQuery | null) =>
  useQuery({ ...personDataQuery(query ?? {}), enabled: query !== null });
