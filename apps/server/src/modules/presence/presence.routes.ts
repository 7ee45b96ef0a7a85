import { PresenceAnswerSchema, PresenceHeartbeatSchema } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import { inEnquiry } from '../inbox/inbox';
import { endPresence, listPresent, recordPresence } from './presence.service';

const PRESENCE_ROUTE = '/api/enquiries/:kind/:id/presence';
const ANSWER = outputSchemaOf(PresenceAnswerSchema);
const staffOnly = { access: 'staff', tags: ['Inbox'], path: PRESENCE_ROUTE, params: inEnquiry } as const;

/** Who else has an enquiry open or is writing a reply on it (issue 23 item 4, docs/decisions/0046). */
export function presenceRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      ...staffOnly,
      method: 'get',
      operationId: 'getEnquiryPresence',
      summary: 'The colleagues who have the enquiry open or are writing a reply on it (never the caller)',
      responses: { '200': jsonAnswer('Who is there', ANSWER), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ req, res, params: { kind, id } }) => {
        res.json({ success: true, present: await listPresent(deps, kind, id, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'post',
      operationId: 'postEnquiryPresence',
      summary: 'A heartbeat: the caller is viewing the enquiry, or writing a reply, for the next 40 seconds',
      description: 'The enquiry view sends one every 15 seconds while it is open and shown; answers who else is there.',
      body: { schema: PresenceHeartbeatSchema },
      responses: {
        '200': jsonAnswer('Who else is there', ANSWER),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: { kind, id }, body }) => {
        const present = await recordPresence(deps, kind, id, signedInUserId(req), body.activity);
        res.json({ success: true, present });
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'delete',
      operationId: 'deleteEnquiryPresence',
      summary: 'The caller left the enquiry',
      responses: { '200': jsonAnswer('Who else is there', ANSWER), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ req, res, params: { kind, id } }) => {
        const userId = signedInUserId(req);
        await endPresence(deps, kind, id, userId);
        res.json({ success: true, present: await listPresent(deps, kind, id, userId) });
      },
    }),
  ];
}
