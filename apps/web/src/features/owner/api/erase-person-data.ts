import { useMutation } from '@tanstack/react-query';
import { DataErasureAnswerSchema, STAFF_ADMIN_PATHS, type DataErasure, type DataRequestQuery } from '@agency/shared';
import { request } from '@/lib/api-client';
import { useSearchPersonData } from './find-person-data';

export type Erased = ReturnType<typeof DataErasureAnswerSchema.parse>['erased'];

/**
 * POST (owners): erases everything stored about one person. The server answers 409 when it no longer finds
 * `expectedRecords` records, so nothing is erased that the confirmation did not name.
 */
export function erasePersonData(body: DataErasure): Promise<Erased> {
  return request(STAFF_ADMIN_PATHS.DATA_REQUEST_ERASE, { method: 'POST', body, schema: DataErasureAnswerSchema }).then(
    (answer) => answer.erased,
  );
}

/** Erases, then searches again, so the screen shows what is stored about the person now. */
export function useErasePersonData() {
  const searchAgain = useSearchPersonData();
  return useMutation({
    mutationFn: async ({ query, expectedRecords }: { query: DataRequestQuery; expectedRecords: number }) => {
      const erased = await erasePersonData({ ...query, expectedRecords });
      return { erased, after: await searchAgain(query) };
    },
    meta: { ownersOnly: true },
  });
}
