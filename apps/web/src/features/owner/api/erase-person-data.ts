import { DataErasureAnswerSchema, STAFF_ADMIN_PATHS, type DataErasure } from '@agency/shared';
import { request } from '@/lib/api-client';

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
