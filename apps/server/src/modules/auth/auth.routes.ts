import { Router, type Request } from 'express';
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
  ResetRequestSchema,
  SERVER_MESSAGES,
  UpdatePasswordSchema,
} from '@agency/shared';
import { AppError } from '../../lib/errors';
import { jsonBody, jsonOrFormBody } from '../../middleware/json-body';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { strictUtf8Fields, TEXT_FIELDS_AS_BYTES } from '../../middleware/multipart-utf8';
import { isOwnSiteOrDirect } from '../../middleware/same-origin';
import { parseInput, validateBody } from '../../middleware/validate';
import { toSessionUser, type AuthService } from './auth.service';

export const SESSION_COOKIE_NAME = 'rd.sid';

const pathOf = (apiPath: string) => apiPath.split('?')[0] ?? apiPath;

export const ConfirmQuerySchema = z.object({
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

export function authRoutes(auth: AuthService, clock: () => Date, secureCookie: boolean): Router {
  const router = Router();

  router
    .route(pathOf(API_PATHS.LOGIN))
    .get(async (req, res) => {
      if (req.query.action !== 'check') throw new AppError(400, SERVER_MESSAGES.UNKNOWN_ACTION);
      const user = await auth.currentUser(req.session.userId);
      res.setHeader('Cache-Control', 'no-store');
      res.json(user ? { success: true, user: toSessionUser(user) } : { success: false });
    })
    .post(
      (req, _res, next) => {
        if (req.query.action !== 'login') throw new AppError(400, SERVER_MESSAGES.UNKNOWN_ACTION);
        next();
      },
      ...jsonBody,
      validateBody(LoginSchema),
      async (req, res) => {
        const { email, password } = req.body as z.output<typeof LoginSchema>;
        const user = await auth.login({ email, password, ip: req.ip ?? 'unknown' });
        // A fresh id on sign-in: a session id planted before login is worthless after it.
        await regenerateSession(req);
        req.session.userId = user.id;
        req.session.authenticatedAt = clock().getTime();
        await saveSession(req);
        res.json({ success: true, message: API_MESSAGES.LOGIN_SUCCESS, user: toSessionUser(user) });
      },
    )
    .all(methodNotAllowed(['GET', 'POST']));

  // The app signs out by POST, which the same-origin rule guards like every change. The spec's GET stays for old
  // clients, but a link or image on another site must not sign anyone out: a cross-site GET changes nothing.
  router
    .route(API_PATHS.LOGOUT)
    .get(async (req, res) => {
      if (!isOwnSiteOrDirect(req)) throw new AppError(403, API_MESSAGES.CROSS_SITE);
      await logout(req, res);
    })
    .post(logout)
    .all(methodNotAllowed(['GET', 'POST']));

  async function logout(req: Request, res: import('express').Response) {
    if (req.session) await destroySession(req);
    res.clearCookie(SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
    res.json({ success: true, message: API_MESSAGES.LOGGED_OUT });
  }

  router
    .route(API_PATHS.REGISTER)
    .post(
      (req, _res, next) => {
        if (!req.is('multipart/form-data')) throw new AppError(415, SERVER_MESSAGES.MULTIPART_REQUIRED);
        next();
      },
      uploadProfileImage,
      strictUtf8Fields,
      async (req, res) => {
        // Some clients send profile_image as a text field when no file is chosen; only a file counts.
        const { profile_image: _textImage, ...fields } = { ...(req.body as Record<string, unknown>) };
        const { email, password } = parseInput(RegisterSchema, fields);
        // A file input left empty still sends an empty part; that means "no image".
        const image = req.file && req.file.size > 0 ? req.file.buffer : undefined;
        await auth.register({ email, password, image, ip: req.ip ?? 'unknown' });
        res.status(201).json({ success: true, message: API_MESSAGES.REGISTERED_CHECK_MAIL });
      },
    )
    .all(methodNotAllowed(['POST']));

  router
    .route(API_PATHS.CONFIRM_EMAIL)
    .get(async (req, res) => {
      const { token } = parseInput(ConfirmQuerySchema, { token: req.query.token });
      await auth.confirmEmail(token);
      res.json({ success: true, message: API_MESSAGES.EMAIL_CONFIRMED });
    })
    .all(methodNotAllowed(['GET']));

  // The page's form also works without JavaScript: a browser's form post is answered with a redirect to a page
  // saying what the JSON says (the same for every address), or back to the form when the address is not one.
  router
    .route(API_PATHS.RESEND_CONFIRMATION)
    .post(...jsonOrFormBody, async (req, res) => {
      const fromBrowser = isBrowserFormPost(req);
      const parsed = ConfirmationRequestSchema.safeParse(req.body);
      if (!parsed.success && fromBrowser) return res.redirect(303, PATHS.newConfirmationLink);
      const { email } = parsed.success ? parsed.data : parseInput(ConfirmationRequestSchema, req.body);
      await auth.requestConfirmationLink(email, req.ip ?? 'unknown');
      if (fromBrowser) return res.redirect(303, PATHS.newConfirmationLinkSent);
      res.json({ success: true, message: API_MESSAGES.CONFIRMATION_REQUESTED });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route(API_PATHS.RESET_REQUEST)
    .post(...jsonBody, validateBody(ResetRequestSchema), async (req, res) => {
      await auth.requestPasswordReset((req.body as z.output<typeof ResetRequestSchema>).email, req.ip ?? 'unknown');
      res.json({ success: true, message: API_MESSAGES.RESET_REQUESTED });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route(API_PATHS.UPDATE_PASSWORD)
    .post(...jsonBody, validateBody(UpdatePasswordSchema), async (req, res) => {
      await auth.updatePassword({ ...(req.body as z.output<typeof UpdatePasswordSchema>), ip: req.ip ?? 'unknown' });
      res.json({ success: true, message: API_MESSAGES.PASSWORD_UPDATED });
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
