import { SnoozeAnswerSchema, SnoozeSetSchema } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals, responseRef } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import { inEnquiry } from '../inbox/inbox';
import { changeSnooze, getSnooze } from './reminders.service';

/** Beside the inbox's enquiry routes (inbox.routes.ts), with the same kind and id parameters. */
export const REMINDER_ROUTES = { snooze: '/api/enquiries/:kind/:id/snooze' } as const;

const staffOnly = { access: 'staff', tags: ['Inbox'] } as const;
const snoozeAnswer = (description: string) => jsonAnswer(description, outputSchemaOf(SnoozeAnswerSchema));

/** An enquiry's snooze (issue 21 item 3, docs/decisions/0039): read, set, cleared; staff only. */
export function reminderRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      ...staffOnly,
      method: 'get',
      path: REMINDER_ROUTES.snooze,
      operationId: 'getEnquirySnooze',
      summary: "The enquiry's snooze: until a time (null once past), until the customer writes, or neither",
      params: inEnquiry,
      responses: { '200': snoozeAnswer('The snooze'), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ res, params: { kind, id } }) => {
        res.json({ success: true, snooze: await getSnooze(deps, kind, id) });
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'put',
      path: REMINDER_ROUTES.snooze,
      operationId: 'snoozeEnquiry',
      summary: 'No reminders or escalation for the enquiry until a time, or until the customer writes',
      description:
        '`until` is an ISO 8601 time with its offset, in the future and within 365 days; `untilReply: true` holds the reminders until a person (not an auto-reply or a bounce) writes on the enquiry. One of the two replaces any snooze before; the change is in the history. An enquiry outside the inbox is 409.',
      params: inEnquiry,
      body: { schema: SnoozeSetSchema },
      responses: {
        '200': snoozeAnswer('The snooze as set'),
        '409': responseRef('Conflict'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: { kind, id }, body }) => {
        res.json({ success: true, snooze: await changeSnooze(deps, kind, id, body, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...staffOnly,
      method: 'delete',
      path: REMINDER_ROUTES.snooze,
      operationId: 'clearEnquirySnooze',
      summary: 'Ends the snooze: reminders due are sent at the next tick in business hours',
      params: inEnquiry,
      responses: { '200': snoozeAnswer('No snooze'), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ req, res, params: { kind, id } }) => {
        res.json({ success: true, snooze: await changeSnooze(deps, kind, id, null, signedInUserId(req)) });
      },
    }),
  ];
}
