import { CONTENT_PATHS, StaffAccountAnswerSchema, type StaffAccount } from '@agency/shared';
import { request } from '@/lib/api-client';

/** PUT (owners): whether a colleague may edit the site's content (issue 22); resolves with the account as it is now. */
export function setContentEditor(id: number, editor: boolean): Promise<StaffAccount> {
  return request(CONTENT_PATHS.editor(id), { method: 'PUT', body: { editor }, schema: StaffAccountAnswerSchema }).then(
    (answer) => answer.account,
  );
}
