import { RemovedAccountAnswerSchema, STAFF_ADMIN_PATHS, type RemovedAccountAnswer } from '@agency/shared';
import { request } from '@/lib/api-client';

/**
 * POST (owners): remove a staff member or owner (their sessions end at once). Their open enquiries go to the colleague
 * `reassignTo` names, or to nobody when it is null, in the same step (issue 23); resolves with the account as it is
 * now and where the enquiries went.
 */
export function removeAccount(id: number, reassignTo: number | null): Promise<RemovedAccountAnswer> {
  return request(STAFF_ADMIN_PATHS.remove(id), {
    method: 'POST',
    body: { reassignTo },
    schema: RemovedAccountAnswerSchema,
  });
}
