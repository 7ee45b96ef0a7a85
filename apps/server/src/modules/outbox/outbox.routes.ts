import { API_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { envelope, jsonAnswer, ref, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { listFailedMails } from './outbox';

const FAILED_LIST_MAX = 200;

/** Mails that could not be delivered after every try, for the staff to see and follow up by hand. */
export function outboxRouteDeclarations(deps: Pick<AppDeps, 'db'>): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: API_PATHS.FAILED_MAILS,
      access: 'staff',
      operationId: 'listFailedMails',
      tags: ['Service'],
      summary: 'Mails not delivered after every try, newest first (staff only)',
      responses: {
        '200': jsonAnswer(
          'The mails',
          envelope({ success: { const: true }, mails: { type: 'array', items: ref('FailedMail') } }, ['mails']),
        ),
        ...refusals(401, 403, 405, 503),
      },
      handle: async ({ res }) => {
        const mails = await listFailedMails(deps.db, FAILED_LIST_MAX);
        res.setHeader('Cache-Control', 'no-store');
        res.json({
          success: true,
          mails: mails.map((mail) => ({ ...mail, created_at: new Date(Number(mail.created_at)).toISOString() })),
        });
      },
    }),
  ];
}
