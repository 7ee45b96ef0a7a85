import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import {
  CONTENT_PATHS,
  ContentEditorSchema,
  decimalId,
  OpenEnquiriesAnswerSchema,
  RemoveAccountSchema,
  RemovedAccountAnswerSchema,
  STAFF_ADMIN_PATHS,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import {
  inputSchemaOf,
  jsonAnswer,
  jsonContent,
  outputSchemaOf,
  ref,
  refusals,
  responseRef,
} from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { jsonBody } from '../../middleware/json-body';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import {
  changeAccount,
  listAccounts,
  listOpenEnquiriesOf,
  removeAccount,
  setContentEditor,
  type StaffAction,
} from './staff.service';

/** The routes of STAFF_ADMIN_PATHS' accounts, with the id as a parameter (staff.test.ts checks they agree). */
export const STAFF_ROUTES = {
  accounts: STAFF_ADMIN_PATHS.ACCOUNTS,
  approve: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/approve`,
  refuse: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/refuse`,
  remove: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/remove`,
  openEnquiries: `${STAFF_ADMIN_PATHS.ACCOUNTS}/:id/open-enquiries`,
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

/**
 * The removal's body is optional: older callers post nothing (no Content-Type), and are answered as before, every
 * enquiry unassigned. A body, when there is one, is JSON like any other.
 */
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
const optionalJsonBody: RequestHandler[] = jsonBody.map(
  (handler): RequestHandler =>
    (req, res, next) =>
      hasBody(req) ? handler(req, res, next) : next(),
);

/** Each account action but removal (below, with its body): its path, operation and summary. */
const ACCOUNT_ACTIONS = [
  [
    STAFF_ROUTES.approve,
    'approve',
    'approveAccount',
    'A confirmed account waiting for approval becomes staff at once and is mailed (owners only)',
  ],
  [STAFF_ROUTES.refuse, 'refuse', 'refuseAccount', 'Refuses a waiting account (owners only)'],
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
      method: 'get',
      path: STAFF_ROUTES.openEnquiries,
      access: 'owner',
      tags: ['Owners'],
      operationId: 'listOpenEnquiriesOfAccount',
      summary:
        'The open enquiries an account holds (assigned to it, in the inbox, New or Contacted), shown before its removal (owners only)',
      params: inAccount,
      responses: {
        '200': jsonAnswer('The open enquiries, oldest first', outputSchemaOf(OpenEnquiriesAnswerSchema)),
        ...refusals(400, 401, 403, 404, 405, 503),
      },
      handle: async ({ res, params: id }) => {
        res.json({ success: true, enquiries: await listOpenEnquiriesOf(deps, id) });
      },
    }),
    declareRoute({
      method: 'post',
      path: STAFF_ROUTES.remove,
      access: 'owner',
      tags: ['Owners'],
      operationId: 'removeAccount',
      summary:
        'Removes a staff member or owner and ends their sessions at once; never the last owner. Their open enquiries go to `reassignTo` if given, every other one to nobody (owners only)',
      params: inAccount,
      requestBody: { required: false, content: jsonContent(inputSchemaOf(RemoveAccountSchema)) },
      before: optionalJsonBody,
      responses: {
        '200': jsonAnswer(
          'The account as changed, and where its enquiries went',
          outputSchemaOf(RemovedAccountAnswerSchema),
        ),
        '409': responseRef('AccountConflict'),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: id }) => {
        const { reassignTo = null } = parseInput(RemoveAccountSchema, req.body ?? {});
        res.json({ success: true, ...(await removeAccount(deps, id, signedInUserId(req), reassignTo)) });
      },
    }),
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
