import { ASSIGNMENT_MAIL_PATH, AssignmentMailSettingAnswerSchema, AssignmentMailSettingSchema } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import { assignmentMailSettingOf, saveAssignmentMailSetting } from './assignment-mail.service';

const ANSWER = outputSchemaOf(AssignmentMailSettingAnswerSchema);

/** The signed-in person's own choice of a mail when a colleague assigns them an enquiry (docs/decisions/0046). */
export function assignmentMailRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: ASSIGNMENT_MAIL_PATH,
      access: 'staff',
      tags: ['Account'],
      operationId: 'getAssignmentMailSetting',
      summary: 'Whether the signed-in person is mailed when a colleague assigns them an enquiry',
      description: 'On by default. Taking an enquiry yourself never mails you.',
      responses: { '200': jsonAnswer('The setting', ANSWER), ...refusals(401, 403, 405, 503) },
      handle: async ({ req, res }) => {
        res.json({ success: true, enabled: await assignmentMailSettingOf(deps, signedInUserId(req)) });
      },
    }),
    declareRoute({
      method: 'put',
      path: ASSIGNMENT_MAIL_PATH,
      access: 'staff',
      tags: ['Account'],
      operationId: 'putAssignmentMailSetting',
      summary: 'Turns the signed-in person’s assignment mails on or off',
      description: 'Only the person themselves changes it; an owner does not change it for others.',
      body: { schema: AssignmentMailSettingSchema },
      responses: {
        '200': jsonAnswer('The setting as saved', ANSWER),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        res.json({
          success: true,
          enabled: await saveAssignmentMailSetting(deps, signedInUserId(req), body.enabled),
        });
      },
    }),
  ];
}
