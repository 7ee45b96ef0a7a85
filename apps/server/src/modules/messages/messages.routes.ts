import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { API_MESSAGES, decimalCount, decimalId, ENQUIRY_KINDS, MESSAGE_KINDS } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { jsonBody } from '../../middleware/json-body';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { parseInput } from '../../middleware/validate';
import { clientAddressKey } from '../../lib/client-address';
import { createRateLimiter, tooManyRequests } from '../../lib/rate-limiter';
import type { HumanCheck } from '../human-check/human-check';
import { extrasOf, judgeSubmission } from './submission-input';
import { deleteMessage, findReplay, listMessages, submitMessage } from './messages.service';

const LIST_LIMIT_MAX = 1000;
const SEARCH_MAX = 200;

const ListQuerySchema = z.object({
  limit: decimalCount({ min: 1, max: LIST_LIMIT_MAX }).optional(),
  offset: decimalCount({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
  q: z.string().trim().max(SEARCH_MAX).optional(),
});

const DeleteQuerySchema = z.object({ id: decimalId });

export function messagesRoutes(deps: AppDeps, requireStaff: RequestHandler, humanCheck: HumanCheck): Router {
  const router = Router();
  const submissions = createRateLimiter(deps.db, 'form', deps.config.limits.form);

  for (const kind of MESSAGE_KINDS) {
    const definition = ENQUIRY_KINDS[kind];

    router
      .route(definition.paths.submit)
      .post(...jsonBody, async (req, res) => {
        const extras = extrasOf(req);
        // A repeat of a key answered before (a double tap, a retry after a dropped connection) stores nothing new.
        const earlier = extras.idempotencyKey ? await findReplay(deps, kind, extras.idempotencyKey) : undefined;
        if (earlier) {
          res.status(earlier.status).json(JSON.parse(earlier.answer));
          return;
        }
        // Every attempt counts, per form and client address, whatever it holds: a script sending junk is a script.
        const allowed = await submissions.consume(`${kind}\n${clientAddressKey(req.ip ?? '')}`);
        if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterSeconds, API_MESSAGES.TOO_MANY_SUBMISSIONS);
        const submission = parseInput(definition.schema, extras.fields);
        const verdict = judgeSubmission(extras, {
          humanCheck,
          now: deps.clock().getTime(),
          requireHumanCheck: deps.config.requireHumanCheck,
          wrongSumMessage: definition.wrongSumMessage,
        });
        const outcome = await submitMessage(deps, kind, submission, {
          ...verdict,
          idempotencyKey: extras.idempotencyKey,
        });
        if (outcome.stored) res.status(201).json(outcome.answer);
        else res.status(outcome.replay.status).json(JSON.parse(outcome.replay.answer));
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
