import { queryOptions } from '@tanstack/react-query';
import { OpenEnquiriesAnswerSchema, STAFF_REMOVAL_PATHS, type OpenEnquiry } from '@agency/shared';
import { request } from '@/lib/api-client';

/** GET (owners): the open enquiries an account holds, which its removal hands on (issue 23). */
export function listOpenEnquiries(id: number, signal?: AbortSignal): Promise<OpenEnquiry[]> {
  return request(STAFF_REMOVAL_PATHS.openEnquiries(id), { signal, schema: OpenEnquiriesAnswerSchema }).then(
    (answer) => answer.enquiries,
  );
}

/** Asked afresh each time an owner opens the removal question: the list is what they decide on. */
export const openEnquiriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['owner', 'open-enquiries', id],
    queryFn: ({ signal }) => listOpenEnquiries(id, signal),
    staleTime: 0,
    meta: { ownersOnly: true },
  });
