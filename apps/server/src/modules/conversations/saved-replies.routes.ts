import {
  CONVERSATION_PATHS,
  REPLY_MESSAGES,
  SavedRepliesAnswerSchema,
  SavedReplyAnswerSchema,
  SavedReplyInputSchema,
} from '@agency/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { parseInput } from '../../middleware/validate';
import { signedInUserId } from '../auth/require-staff';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './saved-replies';

export const SAVED_REPLY_ROUTES = {
  list: CONVERSATION_PATHS.SAVED_REPLIES,
  one: '/api/saved-replies/:id',
} as const;

const IdSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, REPLY_MESSAGES.SAVED_NOT_FOUND)
    .transform(Number),
});
const inSavedReply = {
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } }],
  parse: (raw: Record<string, string>) => parseInput(IdSchema, { id: raw.id }).id,
};

/** The owners' saved replies (issue 20 item 2): every staff member reads them, owners write them (audited). */
export function savedReplyRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  const tags = ['Inbox'];
  return [
    declareRoute({
      access: 'staff',
      tags,
      method: 'get',
      path: SAVED_REPLY_ROUTES.list,
      operationId: 'listSavedReplies',
      summary: 'Every saved reply, with its {variables} and [[blanks]] as written',
      responses: {
        '200': jsonAnswer('The saved replies', outputSchemaOf(SavedRepliesAnswerSchema)),
        ...refusals(401, 403, 405, 503),
      },
      handle: async ({ res }) => {
        res.json({ success: true, replies: await listSavedReplies(deps) });
      },
    }),
    declareRoute({
      access: 'owner',
      tags,
      method: 'post',
      path: SAVED_REPLY_ROUTES.list,
      operationId: 'createSavedReply',
      summary: 'A new saved reply (owners; in the audit log)',
      body: { schema: SavedReplyInputSchema },
      responses: {
        '201': jsonAnswer('The saved reply', outputSchemaOf(SavedReplyAnswerSchema)),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res, body }) => {
        res.status(201).json({ success: true, reply: await createSavedReply(deps, body, signedInUserId(req)) });
      },
    }),
    declareRoute({
      access: 'owner',
      tags,
      method: 'put',
      path: SAVED_REPLY_ROUTES.one,
      operationId: 'updateSavedReply',
      summary: 'Changes a saved reply (owners; in the audit log)',
      params: inSavedReply,
      body: { schema: SavedReplyInputSchema },
      responses: {
        '200': jsonAnswer('The saved reply as changed', outputSchemaOf(SavedReplyAnswerSchema)),
        ...refusals(400, 401, 403, 404, 405, 413, 415, 503),
      },
      handle: async ({ req, res, params: id, body }) => {
        res.json({ success: true, reply: await updateSavedReply(deps, id, body, signedInUserId(req)) });
      },
    }),
    declareRoute({
      access: 'owner',
      tags,
      method: 'delete',
      path: SAVED_REPLY_ROUTES.one,
      operationId: 'deleteSavedReply',
      summary: 'Deletes a saved reply (owners; in the audit log)',
      params: inSavedReply,
      responses: { '200': jsonAnswer('Deleted'), ...refusals(400, 401, 403, 404, 405, 503) },
      handle: async ({ req, res, params: id }) => {
        await deleteSavedReply(deps, id, signedInUserId(req));
        res.json({ success: true });
      },
    }),
  ];
}
