import { DIGEST_PATH, DigestSettingAnswerSchema, DigestSettingSchema } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import { digestSettingOf, saveDigestSetting } from './digest.service';

const ANSWER = outputSchemaOf(DigestSettingAnswerSchema);

/** The signed-in staff member's (or owner's) own daily digest setting (issue 21 item 4, docs/decisions/0040). */
export function digestRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: DIGEST_PATH,
      access: 'staff',
      tags: ['Account'],
      operationId: 'getDigestSetting',
      summary: "Whether the signed-in person's daily digest is on",
      description:
        'The digest is mailed at 07:30 Lagos time on working days (until 12:00 after a late start), when something ' +
        'waits for the person; on by default.',
      responses: { '200': jsonAnswer('The setting', ANSWER), ...refusals(401, 403, 405, 503) },
      handle: async ({ req, res }) => {
        res.json({ success: true, enabled: await digestSettingOf(deps, signedInUserId(req)) });
      },
    }),
    declareRoute({
      method: 'put',
      path: DIGEST_PATH,
      access: 'staff',
      tags: ['Account'],
      operationId: 'putDigestSetting',
      summary: "Turns the signed-in person's daily digest on or off",
      description: 'Only the person themselves changes it; an owner does not change it for others.',
      body: { schema: DigestSettingSchema },
      responses: {
        '200': jsonAnswer('The setting as saved', ANSWER),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        res.json({ success: true, enabled: await saveDigestSetting(deps, signedInUserId(req), body.enabled) });
      },
    }),
  ];
}
