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
