import { API_PATHS, HUMAN_CHECK_AFTER_PARAMETER } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { envelope, jsonAnswer, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import type { HumanCheck } from './human-check';

/**
 * GET /api/human-check: a new question for a public form, with its signed token (never cached: no-store).
 * `?after=<token>`, the question the form had, keeps the time the form was first served (issue 17).
 */
export function humanCheckRouteDeclarations(deps: Pick<AppDeps, 'clock'>, humanCheck: HumanCheck): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: API_PATHS.HUMAN_CHECK,
      access: 'public',
      operationId: 'issueHumanCheck',
      tags: ['Forms'],
      summary: 'A new question "What is a + b?" with its signed, single-use token (30 minutes)',
      // Read leniently: a token that is not one is ignored, never refused.
      parameters: [
        {
          name: HUMAN_CHECK_AFTER_PARAMETER,
          in: 'query',
          required: false,
          description:
            'The token of the question the form had (refused or answered wrongly): the new token keeps the time the form was first served, so a quick correction is not too fast. An invalid or expired one is ignored.',
          schema: { type: 'string', maxLength: 500 },
        },
      ],
      responses: {
        '200': jsonAnswer(
          'The question',
          envelope(
            {
              success: { const: true },
              a: { type: 'integer', minimum: 0, maximum: 9 },
              b: { type: 'integer', minimum: 0, maximum: 9 },
              token: { type: 'string' },
            },
            ['a', 'b', 'token'],
          ),
        ),
        ...refusals(405),
      },
      handle: ({ req, res }) => {
        const after = req.query[HUMAN_CHECK_AFTER_PARAMETER];
        res.json({
          success: true,
          ...humanCheck.issue(deps.clock().getTime(), typeof after === 'string' ? after : undefined),
        });
      },
    }),
  ];
}
