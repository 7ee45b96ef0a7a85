import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { API_MESSAGES, decimalCount, decimalId, ENQUIRY_KINDS, MESSAGE_KINDS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonBody } from '../../middleware/json-body';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput, validateBody } from '../../middleware/validate';
import { deleteMessage, listMessages, submitMessage } from './messages.service';

const LIST_LIMIT_MAX = 1000;
const SEARCH_MAX = 200;

const ListQuerySchema = z.object({
  limit: decimalCount({ min: 1, max: LIST_LIMIT_MAX }).optional(),
  offset: decimalCount({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
  q: z.string().trim().max(SEARCH_MAX).optional(),
});

const DeleteQuerySchema = z.object({ id: decimalId });

export function messagesRoutes(deps: AppDeps, requireStaff: RequestHandler): Router {
  const router = Router();
  for (const kind of MESSAGE_KINDS) {
    const definition = ENQUIRY_KINDS[kind];

    router
      .route(definition.paths.submit)
      .post(...jsonBody, validateBody(definition.schema), async (req, res) => {
        await submitMessage(deps, kind, req.body);
        res.status(201).json({ success: true, message: definition.successMessage });
      })
      .all(methodNotAllowed(['POST']));

    router
      .route(definition.paths.list)
      .get(requireStaff, async (req, res) => {
        const query = parseInput(ListQuerySchema, req.query);
        const paged = query.limit !== undefined || query.offset !== undefined || query.q !== undefined;
        const { messages, total } = await listMessages(deps, kind, { ...query, withTotal: paged });
        res.json(paged ? { success: true, messages, total } : { success: true, messages });
      })
      .all(methodNotAllowed(['GET']));

    router
      .route(definition.paths.delete)
      .delete(requireStaff, async (req, res) => {
        const { id } = parseInput(DeleteQuerySchema, req.query);
        await deleteMessage(deps, kind, id);
        res.json({ success: true, message: API_MESSAGES.DELETED });
      })
      .all(methodNotAllowed(['DELETE']));
  }
  return router;
}
