import {
  FirstResponseBodySchema,
  RESPONSE_TIMES_PATHS,
  ResponseTargetsAnswerSchema,
  ResponseTargetsUpdateSchema,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, ref, refusals, responseRef } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import { inEnquiry } from '../inbox/inbox';
import { confirmFirstResponse, getEnquiry } from '../inbox/inbox.service';
import { responseTargetsAnswer, saveResponseTargets } from './response-times.service';

const TARGETS = outputSchemaOf(ResponseTargetsAnswerSchema);
/** First-response targets (every staff member reads them, owners change them) and the confirmed first answer. */
export function responseTimesRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: RESPONSE_TIMES_PATHS.TARGETS,
      access: 'staff',
      tags: ['Owners'],
      operationId: 'getResponseTargets',
      summary: "Each kind's first-response target in business minutes, with its default",
      responses: { '200': jsonAnswer('The targets', TARGETS), ...refusals(401, 403, 405, 503) },
      handle: async ({ res }) => {
        res.json(await responseTargetsAnswer(deps));
      },
    }),
    declareRoute({
      method: 'put',
      path: RESPONSE_TIMES_PATHS.TARGETS,
      access: 'owner',
      tags: ['Owners'],
      operationId: 'putResponseTargets',
      summary: 'Changes first-response targets, audited (owners only)',
      description:
        'Whole business minutes from 15 to 2400 per kind; kinds left out keep theirs. The due and reminder times of ' +
        "the kind's enquiries still waiting (in the inbox, New, unanswered, not yet reminded) are computed again.",
      body: { schema: ResponseTargetsUpdateSchema },
      responses: {
        '200': jsonAnswer('The targets as saved', TARGETS),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        await saveResponseTargets(deps, body, signedInUserId(req));
        res.json(await responseTargetsAnswer(deps));
      },
    }),
    declareRoute({
      method: 'post',
      path: RESPONSE_TIMES_PATHS.FIRST_RESPONSE,
      access: 'staff',
      tags: ['Inbox'],
      operationId: 'confirmFirstResponse',
      summary: 'The staff member reached the person on WhatsApp or by phone (after a tap): the first answer, once',
      description:
        'Recorded as the first response unless one is recorded already (the first answer wins); always an entry in ' +
        'the history. A tap alone (PATCH `contactedVia`) stays an attempt.',
      params: inEnquiry,
      body: { schema: FirstResponseBodySchema },
      responses: {
        '200': jsonAnswer('The enquiry', ref('EnquiryAnswer')),
        '409': responseRef('Conflict'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: { kind, id }, body }) => {
        const userId = signedInUserId(req);
        await confirmFirstResponse(deps, kind, id, body.channel, userId);
        res.json({ success: true, enquiry: await getEnquiry(deps, kind, id, userId) });
      },
    }),
  ];
}
