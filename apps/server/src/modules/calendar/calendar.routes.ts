import { API_PATHS, BusinessCalendarAnswerSchema, BusinessCalendarSettingsSchema } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import { businessCalendarAnswer, saveBusinessCalendar } from './calendar.service';

const ANSWER = outputSchemaOf(BusinessCalendarAnswerSchema);

/** The business calendar (issue 21): every staff member reads it, owners change it. */
export function calendarRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: API_PATHS.BUSINESS_CALENDAR,
      access: 'staff',
      tags: ['Owners'],
      operationId: 'getBusinessCalendar',
      summary: 'The business calendar: opening periods per weekday, closed and reopened days, the coming holidays',
      description:
        'Lagos time. `holidays` lists the closed days from today for 12 months as they apply (the Nigerian public ' +
        'holidays minus the removed, plus the added); `openAfterAll` the public holidays the owners opened.',
      responses: { '200': jsonAnswer('The calendar', ANSWER), ...refusals(401, 403, 405, 503) },
      handle: async ({ res }) => {
        res.json(await businessCalendarAnswer(deps));
      },
    }),
    declareRoute({
      method: 'put',
      path: API_PATHS.BUSINESS_CALENDAR,
      access: 'owner',
      tags: ['Owners'],
      operationId: 'putBusinessCalendar',
      summary: 'Replaces the business calendar, audited (owners only)',
      description:
        'Periods are HH:MM (24:00 ends a day), each start before its end, no two of a day overlapping, at least one in ' +
        'the week; days are YYYY-MM-DD. A refusal names the weekday and period, or the day.',
      body: { schema: BusinessCalendarSettingsSchema },
      responses: {
        '200': jsonAnswer('The calendar as saved, with the coming holidays', ANSWER),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        await saveBusinessCalendar(deps, body, signedInUserId(req));
        res.json(await businessCalendarAnswer(deps));
      },
    }),
  ];
}
