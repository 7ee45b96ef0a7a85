import { z } from 'zod';
import { CONTENT_PATHS, ContentEditorSchema, decimalId, STAFF_ADMIN_PATHS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, ref, refusals, responseRef } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { changeAccount, listAccounts, setContentEditor, type StaffAction } from './staff.service';

/** The routes of STAFF_ADMIN_PATHS' accounts, with the id as a parameter (staff.test.ts checks they agree). */
export const STAFF_ROUTES = {
  accounts: STAFF_ADMIN_PATHS.ACCOUNTS,
  approve: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/approve`,
  refuse: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/refuse`,
  remove: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/remove`,
  makeOwner: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/make-owner`,
  makeStaff: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/make-staff`,
} as const;

/** Who may edit the site's content (CONTENT_PATHS.editor, issue 22), beside the account actions. */
export const CONTENT_EDITOR_ROUTE = CONTENT_PATHS.editor(':id');

const IdParamSchema = z.object({ id: decimalId });
const ID_PARAMETER = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } };
const inAccount = {
  parameters: [ID_PARAMETER],
  parse: (raw: Record<string, string>) => parseInput(IdParamSchema, { id: raw.id }).id,
};

/** Each account action: its path, operation and summary. */
const ACCOUNT_ACTIONS = [
  [
    STAFF_ROUTES.approve,
    'approve',
    'approveAccount',
    'A confirmed account waiting for approval becomes staff at once and is mailed (owners only)',
  ],
  [STAFF_ROUTES.refuse, 'refuse', 'refuseAccount', 'Refuses a waiting account (owners only)'],
  [
    STAFF_ROUTES.remove,
    'remove',
    'removeAccount',
    'Removes a staff member or owner and ends their sessions at once; never the last owner (owners only)',
  ],
  [STAFF_ROUTES.makeOwner, 'make-owner', 'makeOwner', 'Makes a staff member an owner (owners only)'],
  [STAFF_ROUTES.makeStaff, 'make-staff', 'makeStaff', 'Makes an owner staff again; never the last owner (owners only)'],
] as const satisfies ReadonlyArray<readonly [string, StaffAction, string, string]>;

/** The owners' Staff page (issue 12): every route owners only. */
export function staffRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      method: 'get',
      path: STAFF_ROUTES.accounts,
      access: 'owner',
      tags: ['Owners'],
      operationId: 'listAccounts',
      summary: 'Every account, newest first, with its role (owners only)',
      responses: { '200': jsonAnswer('The accounts', ref('StaffAccountsAnswer')), ...refusals(401, 403, 405, 503) },
      handle: async ({ req, res }) => {
        res.json({ success: true, accounts: await listAccounts(deps, signedInUserId(req)) });
      },
    }),
    ...ACCOUNT_ACTIONS.map(([path, action, operationId, summary]) =>
      declareRoute({
        method: 'post',
        path,
        access: 'owner',
        tags: ['Owners'],
        operationId,
        summary,
        params: inAccount,
        responses: {
          '200': jsonAnswer('The account as changed', ref('StaffAccountAnswer')),
          '409': responseRef('AccountConflict'),
          ...refusals(400, 401, 403, 404, 405, 503),
        },
        handle: async ({ req, res, params: id }) => {
          res.json({ success: true, account: await changeAccount(deps, action, id, signedInUserId(req)) });
        },
      }),
    ),
    declareRoute({
      method: 'put',
      path: CONTENT_EDITOR_ROUTE,
      access: 'owner',
      tags: ['Owners'],
      operationId: 'setContentEditor',
      summary: "Whether a colleague may edit the site's content (issue 22; owners always may) (owners only)",
      params: inAccount,
      body: { schema: ContentEditorSchema },
      responses: {
        '200': jsonAnswer('The account as changed', ref('StaffAccountAnswer')),
        '409': responseRef('AccountConflict'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: id, body }) => {
        res.json({ success: true, account: await setContentEditor(deps, id, body.editor, signedInUserId(req)) });
      },
    }),
  ];
}
