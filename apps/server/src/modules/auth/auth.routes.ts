import type { Request, Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import {
  API_MESSAGES,
  API_PATHS,
  ConfirmationRequestSchema,
  LIMITS,
  PATHS,
  LoginSchema,
  RegisterSchema,
  RESET_LINK_PATH,
  RESET_LINK_STATES,
  ResetRequestSchema,
  SERVER_MESSAGES,
  UpdatePasswordSchema,
} from '@agency/shared';
import { AppError } from '../../lib/errors';
import { envelope, jsonAnswer, jsonContent, ref, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { jsonOrFormBody } from '../../middleware/json-body';
import { strictUtf8Fields, TEXT_FIELDS_AS_BYTES } from '../../middleware/multipart-utf8';
import { isOwnSiteOrDirect } from '../../middleware/same-origin';
import { parseInput } from '../../middleware/validate';
import { toSessionUser, type AuthService } from './auth.service';

export const SESSION_COOKIE_NAME = 'rd.sid';

const pathOf = (apiPath: string) => apiPath.split('?')[0] ?? apiPath;

const ConfirmQuerySchema = z.object({
  token: z.string({ error: API_MESSAGES.TOKEN_INVALID }).trim().min(1, API_MESSAGES.TOKEN_INVALID).max(200),
});

const uploadProfileImage = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: LIMITS.PROFILE_IMAGE_MAX_BYTES,
    files: 1,
    fields: 4,
    fieldSize: 8 * 1024,
    parts: 6,
  },
  ...TEXT_FIELDS_AS_BYTES,
}).single('profile_image');

function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}

function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}

/** A browser's form post without JavaScript: it accepts a page before JSON. */
function isBrowserFormPost(req: Request): boolean {
  return Boolean(req.is('application/x-www-form-urlencoded')) && req.accepts(['json', 'html']) === 'html';
}

const actionParameter = (action: string) => ({
  name: 'action',
  in: 'query',
  required: true,
  schema: { const: action },
});

const account = { access: 'public', tags: ['Account'] } as const;
const user = { user: ref('SessionUser') };

export function authRouteDeclarations(auth: AuthService, clock: () => Date, secureCookie: boolean): DeclaredRoute[] {
  async function logout(req: Request, res: Response) {
    if (req.session) await destroySession(req);
    res.clearCookie(SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
    res.json({ success: true, message: API_MESSAGES.LOGGED_OUT });
  }

  return [
    declareRoute({
      ...account,
      method: 'get',
      path: pathOf(API_PATHS.LOGIN),
      operationId: 'checkSession',
      summary: 'The signed-in user, if any',
      parameters: [actionParameter('check')],
      responses: {
        '200': jsonAnswer('success true with the user, or success false when nobody is signed in', envelope(user)),
        ...refusals(400, 405, 503),
      },
      handle: async ({ req, res }) => {
        if (req.query.action !== 'check') throw new AppError(400, SERVER_MESSAGES.UNKNOWN_ACTION);
        const found = await auth.currentUser(req.session.userId);
        res.setHeader('Cache-Control', 'no-store');
        res.json(found ? { success: true, user: toSessionUser(found) } : { success: false });
      },
    }),
    declareRoute({
      ...account,
      method: 'post',
      path: pathOf(API_PATHS.LOGIN),
      operationId: 'login',
      summary: 'Signs a staff member in',
      parameters: [actionParameter('login')],
      before: [
        (req, _res, next) => {
          if (req.query.action !== 'login') throw new AppError(400, SERVER_MESSAGES.UNKNOWN_ACTION);
          next();
        },
      ],
      body: { schema: LoginSchema, component: 'Login' },
      responses: {
        '200': jsonAnswer('Signed in; the session cookie is set', envelope(user, ['message', 'user'])),
        ...refusals(400, 401, 403, 405, 413, 415, 429, 503),
      },
      handle: async ({ req, res, body: { email, password } }) => {
        const signedIn = await auth.login({ email, password, ip: req.ip ?? 'unknown' });
        // A fresh id on sign-in: a session id planted before login is worthless after it.
        await regenerateSession(req);
        req.session.userId = signedIn.id;
        req.session.authenticatedAt = clock().getTime();
        await saveSession(req);
        res.json({ success: true, message: API_MESSAGES.LOGIN_SUCCESS, user: toSessionUser(signedIn) });
      },
    }),
    // The app signs out by POST, which the same-origin rule guards like every change. The spec's GET stays for old
    // clients, but a link or image on another site must not sign anyone out: a cross-site GET changes nothing.
    declareRoute({
      ...account,
      method: 'get',
      path: API_PATHS.LOGOUT,
      operationId: 'logoutByLink',
      summary: "Signs out (the spec's GET; refused from another site)",
      responses: { '200': jsonAnswer('Signed out'), ...refusals(403, 405, 503) },
      handle: async ({ req, res }) => {
        if (!isOwnSiteOrDirect(req)) throw new AppError(403, API_MESSAGES.CROSS_SITE);
        await logout(req, res);
      },
    }),
    declareRoute({
      ...account,
      method: 'post',
      path: API_PATHS.LOGOUT,
      operationId: 'logout',
      summary: 'Signs out',
      responses: { '200': jsonAnswer('Signed out'), ...refusals(403, 405, 503) },
      handle: ({ req, res }) => logout(req, res),
    }),
    declareRoute({
      ...account,
      method: 'post',
      path: API_PATHS.REGISTER,
      operationId: 'register',
      summary: 'Creates an account and mails its confirmation link',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: ref('Register'), encoding: { profile_image: { contentType: 'image/*' } } },
        },
      },
      before: [
        (req, _res, next) => {
          if (!req.is('multipart/form-data')) throw new AppError(415, SERVER_MESSAGES.MULTIPART_REQUIRED);
          next();
        },
        uploadProfileImage,
        strictUtf8Fields,
      ],
      responses: {
        '201': jsonAnswer('Registered; a confirmation mail is queued'),
        ...refusals(400, 403, 405, 413, 415, 429, 503),
      },
      handle: async ({ req, res }) => {
        // Some clients send profile_image as a text field when no file is chosen; only a file counts.
        const { profile_image: _textImage, ...fields } = { ...(req.body as Record<string, unknown>) };
        const { email, password } = parseInput(RegisterSchema, fields);
        // A file input left empty still sends an empty part; that means "no image".
        const image = req.file && req.file.size > 0 ? req.file.buffer : undefined;
        await auth.register({ email, password, image, ip: req.ip ?? 'unknown' });
        res.status(201).json({ success: true, message: API_MESSAGES.REGISTERED_CHECK_MAIL });
      },
    }),
    declareRoute({
      ...account,
      method: 'get',
      path: API_PATHS.CONFIRM_EMAIL,
      operationId: 'confirmEmail',
      summary: "Confirms an account's e-mail address with the token from its mail",
      query: ConfirmQuerySchema,
      responses: { '200': jsonAnswer('Confirmed'), ...refusals(400, 405, 503) },
      handle: async ({ res, query: { token } }) => {
        await auth.confirmEmail(token);
        res.json({ success: true, message: API_MESSAGES.EMAIL_CONFIRMED });
      },
    }),
    // The page's form also works without JavaScript: a browser's form post is answered with a redirect to a page
    // saying what the JSON says (the same for every address), or back to the form when the address is not one.
    declareRoute({
      ...account,
      method: 'post',
      path: API_PATHS.RESEND_CONFIRMATION,
      operationId: 'requestConfirmationLink',
      summary:
        'Mails a new 24-hour confirmation link to an account not yet confirmed; older links stop working (the same answer for any address)',
      description:
        "JSON, or a browser's form post without JavaScript (`application/x-www-form-urlencoded`, the same field): a form post whose Accept prefers text/html is answered 303 to /new-confirmation-link/sent (to the form again when the address is not one); any other request gets JSON.",
      requestBody: {
        required: true,
        content: {
          ...jsonContent(ref('ConfirmationRequest')),
          'application/x-www-form-urlencoded': { schema: ref('ConfirmationRequest') },
        },
      },
      before: jsonOrFormBody,
      responses: {
        '200': jsonAnswer('Requested'),
        '303': { description: "A browser's form post: the page that gives the same answer" },
        ...refusals(400, 403, 405, 413, 415, 429, 503),
      },
      handle: async ({ req, res }) => {
        const fromBrowser = isBrowserFormPost(req);
        const parsed = ConfirmationRequestSchema.safeParse(req.body);
        if (!parsed.success && fromBrowser) return res.redirect(303, PATHS.newConfirmationLink);
        const { email } = parsed.success ? parsed.data : parseInput(ConfirmationRequestSchema, req.body);
        await auth.requestConfirmationLink(email, req.ip ?? 'unknown');
        if (fromBrowser) return res.redirect(303, PATHS.newConfirmationLinkSent);
        res.json({ success: true, message: API_MESSAGES.CONFIRMATION_REQUESTED });
      },
    }),
    declareRoute({
      ...account,
      method: 'post',
      path: API_PATHS.RESET_REQUEST,
      operationId: 'requestPasswordReset',
      summary: 'Mails a reset link (the same answer whether the address has an account or not)',
      body: { schema: ResetRequestSchema, component: 'ResetRequest' },
      responses: { '200': jsonAnswer('Requested'), ...refusals(400, 403, 405, 413, 415, 429, 503) },
      handle: async ({ req, res, body }) => {
        await auth.requestPasswordReset(body.email, req.ip ?? 'unknown');
        res.json({ success: true, message: API_MESSAGES.RESET_REQUESTED });
      },
    }),
    declareRoute({
      ...account,
      method: 'get',
      path: RESET_LINK_PATH,
      operationId: 'checkResetLink',
      summary: 'What a password-reset link is now: usable, used, expired or unknown (its page says so before the form)',
      query: ConfirmQuerySchema,
      responses: {
        '200': jsonAnswer('The state', envelope({ state: { enum: [...RESET_LINK_STATES] } }, ['state'])),
        ...refusals(400, 405, 503),
      },
      handle: async ({ res, query: { token } }) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ success: true, state: await auth.resetLinkState(token) });
      },
    }),
    declareRoute({
      ...account,
      method: 'post',
      path: API_PATHS.UPDATE_PASSWORD,
      operationId: 'updatePassword',
      summary: 'Sets a new password with the token from a reset mail',
      body: { schema: UpdatePasswordSchema, component: 'UpdatePassword' },
      responses: { '200': jsonAnswer('Updated'), ...refusals(400, 403, 405, 413, 415, 429, 503) },
      handle: async ({ req, res, body }) => {
        await auth.updatePassword({ ...body, ip: req.ip ?? 'unknown' });
        res.json({ success: true, message: API_MESSAGES.PASSWORD_UPDATED });
      },
    }),
  ];
}
