import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import {
  API_MESSAGES,
  decimalCount,
  decimalId,
  ENQUIRY_KINDS,
  firstTouchFieldsOf,
  firstTouchOfSubmission,
  FORM_OUTCOME,
  IDEMPOTENCY_HEADER,
  MESSAGE_KINDS,
  pathKey,
  type FormPageState,
  type IssuedSumQuestion,
  type MessageKind,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { envelope, jsonAnswer, kindSchemaNameOf, ref, refusals, responseRef } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { jsonOrFormBody } from '../../middleware/json-body';
import { signedInUserId } from '../auth/require-staff';
import { tooManyRequests, type RateLimiter } from '../../lib/rate-limiter';
import type { HumanCheck } from '../human-check/human-check';
import { formFieldsOf, isFormPost, pageRefusalOf, typedValuesOf, wantsPage } from './form-post';
import { browserFor, browserOf, keepFormOutcome, readFormOutcome, type FormOutcomeState } from './form-outcomes';
import type { Refusal } from './submission-contract';
import { extrasOf, type SubmissionExtras } from './submission-input';
import { deleteMessage, listMessages, refusedFromMemory, submitEnquiry } from './messages.service';

// The app makes the forms' limiter here, beside the flood guard and the routes it is given to.
export { createFormLimiter } from './messages.service';

const LIST_LIMIT_MAX = 1000;
const SEARCH_MAX = 200;

const ListQuerySchema = z.object({
  limit: decimalCount({ min: 1, max: LIST_LIMIT_MAX }).optional(),
  offset: decimalCount({ min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
  q: z.string().trim().max(SEARCH_MAX).optional(),
});

const DeleteQuerySchema = z.object({ id: decimalId });

/** What the public forms' routes need of the web module, given by the app (a module's types stay its own). */
interface PublicForms {
  humanCheck: HumanCheck;
  /** Renders a form's page as the answer to a form post without JavaScript (docs/decisions/0019). */
  formPages: { available(): boolean; render(pagePath: string, state: FormPageState): Promise<string> };
  /** A new question and idempotency key for a form's page. */
  issueFormSlots: () => { question: IssuedSumQuestion; idempotencyKey: string };
}

const tooManySubmissions = (retryAfterSeconds: number) =>
  tooManyRequests(retryAfterSeconds, API_MESSAGES.TOO_MANY_SUBMISSIONS);

/** A refusal as the API answers it: 400 with the message and each field's message. */
const refusedAnswer = (refusal: Refusal) => new AppError(400, refusal.message, refusal.errors);

/**
 * Mounted before the session, the body parser and the routers: a JSON submission from a client this process refuses
 * already (its form limit reached, the window not over) is answered 429 with its body unread, after
 * FORM_REFUSAL_DELAY_MS (a second by default). A flood then costs one cheap answer per connection and second, and the pages keep answering (issue 13). A
 * browser's form post goes on to its route, whose answer is the form's page.
 */
export function refuseFloods(submissions: RateLimiter, delayMs: number): RequestHandler {
  const kindOfPath = new Map<string, MessageKind>(
    MESSAGE_KINDS.map((kind) => [ENQUIRY_KINDS[kind].paths.submit, kind]),
  );
  return (req, _res, next) => {
    const kind = req.method === 'POST' ? kindOfPath.get(req.path) : undefined;
    if (kind === undefined || wantsPage(req)) return next();
    const refused = refusedFromMemory(submissions, kind, req.ip ?? '');
    if (refused === undefined || refused.allowed) return next();
    const answer = tooManySubmissions(refused.retryAfterSeconds);
    setTimeout(() => next(answer), Math.min(delayMs, refused.retryAfterSeconds * 1000));
  };
}

/**
 * The form page a form post redirected to, with its outcome at the top (docs/decisions/0045): for the browser that
 * posted, while the outcome lasts (FORM_OUTCOME_TTL_MS), on that form's own page, with a fresh question and key. Nothing
 * (the plain form page) for an unknown or expired id, another browser or another page.
 */
export function formOutcomePages(deps: AppDeps, forms: PublicForms) {
  return async (req: Request, pageKey: string): Promise<string | undefined> => {
    const id = req.query[FORM_OUTCOME.param];
    if (typeof id !== 'string' || !forms.formPages.available()) return undefined;
    const found = await readFormOutcome(deps, id, browserOf(req));
    const kind = MESSAGE_KINDS.find((candidate) => candidate === found?.kind);
    if (!found || !kind || pathKey(ENQUIRY_KINDS[kind].formPage) !== pageKey) return undefined;
    const { token, ...shown } = found.state;
    return forms.formPages.render(ENQUIRY_KINDS[kind].formPage, {
      ...shown,
      // After a refusal the new question keeps the first-served time of the refused one (issue 17).
      question: forms.humanCheck.issue(deps.clock().getTime(), shown.sent ? undefined : token),
      answer: '',
      idempotencyKey: forms.issueFormSlots().idempotencyKey,
    });
  };
}

export function messagesRouteDeclarations(
  deps: AppDeps,
  forms: PublicForms,
  submissions: RateLimiter,
): DeclaredRoute[] {
  const { humanCheck } = forms;
  const submitDeps = { ...deps, humanCheck, formLimiter: submissions };

  /**
   * A form post from a browser without JavaScript: the same pipeline as the JSON path, answered with a redirect to the
   * form's page (post/redirect/get, docs/decisions/0045), whose address names the outcome kept for this browser: the
   * success and its reference, or the messages with everything typed. A reload of that page posts nothing again.
   */
  async function redirectWithOutcome(kind: MessageKind, req: Request, res: Response, input: SubmissionExtras) {
    const outcome = await submitEnquiry(submitDeps, kind, input, { clientAddress: req.ip ?? '', answeredWith: 'page' });
    // The page carries the visit's source on, to the corrected form or the next enquiry (docs/decisions/0041).
    const firstTouch = firstTouchFieldsOf(firstTouchOfSubmission(input.firstTouch));
    const token = typeof input.token === 'string' ? input.token : '';
    const refused = ({ errors, formError }: ReturnType<typeof pageRefusalOf>): FormOutcomeState => ({
      values: { ...typedValuesOf(ENQUIRY_KINDS[kind].schema, input.fields), ...firstTouch },
      errors,
      formError,
      token,
      sent: null,
    });
    const state = ((): FormOutcomeState => {
      switch (outcome.outcome) {
        case 'stored':
        case 'repeated':
          return {
            values: firstTouch,
            errors: {},
            formError: null,
            token: '',
            sent: { message: outcome.answer.message, reference: outcome.answer.reference },
          };
        case 'limited':
          return refused({ errors: {}, formError: tooManySubmissions(outcome.retryAfterSeconds).message });
        case 'invalid':
          return refused(pageRefusalOf(outcome.fields, outcome.humanCheck));
        case 'human-check-failed':
          return refused(pageRefusalOf(outcome.humanCheck));
      }
    })();
    const browser = browserFor(req, res, deps.config.isProduction);
    const id = await keepFormOutcome(deps, { kind, browser, state });
    const page = ENQUIRY_KINDS[kind].formPage;
    res.redirect(303, `${page}?${FORM_OUTCOME.param}=${id}#${FORM_OUTCOME.anchor}`);
  }

  return MESSAGE_KINDS.flatMap((kind) => {
    const definition = ENQUIRY_KINDS[kind];
    const { paths } = definition;
    const tag = kindSchemaNameOf(kind, '');
    const submission = ref(kindSchemaNameOf(kind, 'Submission'));
    return [
      declareRoute({
        method: 'post',
        path: paths.submit,
        access: 'public',
        operationId: `submit${tag}`,
        tags: [tag],
        summary: `Sends a ${kind.replace('_', ' ')} enquiry`,
        description:
          "JSON from the site's script, or a browser's form post without JavaScript (`application/x-www-form-urlencoded`, the same fields): a form post whose Accept prefers text/html is answered 303 See Other to the form's page, `?outcome=<id>#form-outcome`, with a `form_browser` cookie (HttpOnly, SameSite=Lax); that page shows, for this browser only and for 30 minutes, the success and its reference or the form again with a summary linking to each message and everything typed kept (docs/decisions/0045); any other request is answered with JSON. A repeated Idempotency-Key answers the first answer again.",
        parameters: [{ name: IDEMPOTENCY_HEADER, in: 'header', required: false, schema: ref('IdempotencyKey') }],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: submission },
            'application/x-www-form-urlencoded': { schema: submission },
          },
        },
        before: jsonOrFormBody,
        responses: {
          '303': {
            description:
              "A browser's form post, whatever its outcome: to the form's page with the outcome's id (the page shows the success and reference, or the messages with what was typed)",
            headers: { Location: { schema: { type: 'string' } }, 'Set-Cookie': { schema: { type: 'string' } } },
          },
          '201': {
            description: 'Stored (or taken as spam, answered the same); two mails queued',
            content: {
              'application/json': {
                schema: envelope({ success: { const: true }, reference: { type: 'string', pattern: '^RD-' } }, [
                  'message',
                  'reference',
                ]),
              },
            },
          },
          ...refusals(400, 403, 405, 413, 415, 429, 503),
          '400': responseRef('FormRefused'),
          '429': responseRef('FormTooManyRequests'),
        },
        handle: async ({ req, res }) => {
          // A form post leaves out what was not chosen and sends one ticked box as a string (0019).
          if (isFormPost(req)) req.body = formFieldsOf(definition.schema, req.body);
          const input = extrasOf(req);
          if (wantsPage(req) && forms.formPages.available()) return redirectWithOutcome(kind, req, res, input);
          const outcome = await submitEnquiry(submitDeps, kind, input, {
            clientAddress: req.ip ?? '',
            answeredWith: 'json',
          });
          switch (outcome.outcome) {
            case 'stored':
            case 'repeated':
              res.status(outcome.status).json(outcome.answer);
              return;
            case 'limited':
              throw tooManySubmissions(outcome.retryAfterSeconds);
            case 'invalid':
              throw refusedAnswer(outcome.fields);
            case 'human-check-failed':
              throw refusedAnswer(outcome.humanCheck);
          }
        },
      }),
      declareRoute({
        method: 'get',
        path: paths.list,
        access: 'staff',
        operationId: `list${tag}`,
        tags: [tag],
        summary: 'Lists the stored enquiries, newest first (staff only)',
        description: 'Without parameters every row; limit, offset or q narrow the list and add total.',
        query: ListQuerySchema,
        responses: {
          '200': jsonAnswer(
            'The enquiries',
            envelope(
              {
                success: { const: true },
                messages: { type: 'array', items: ref(kindSchemaNameOf(kind, 'Row')) },
                total: { type: 'integer', minimum: 0 },
              },
              ['messages'],
            ),
          ),
          ...refusals(400, 401, 403, 405, 503),
        },
        handle: async ({ res, query }) => {
          const paged = query.limit !== undefined || query.offset !== undefined || query.q !== undefined;
          const { messages, total } = await listMessages(deps, kind, { ...query, withTotal: paged });
          res.json(paged ? { success: true, messages, total } : { success: true, messages });
        },
      }),
      declareRoute({
        method: 'delete',
        path: paths.delete,
        access: 'staff',
        operationId: `delete${tag}`,
        tags: [tag],
        summary: 'Deletes one stored enquiry (staff only)',
        query: DeleteQuerySchema,
        responses: { '200': jsonAnswer('Deleted'), ...refusals(400, 401, 403, 404, 405, 503) },
        handle: async ({ req, res, query: { id } }) => {
          await deleteMessage(deps, kind, id, signedInUserId(req));
          res.json({ success: true, message: API_MESSAGES.DELETED });
        },
      }),
    ];
  });
}
