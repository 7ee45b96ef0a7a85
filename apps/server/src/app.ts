import { randomUUID } from 'node:crypto';
import compression from 'compression';
import cors from 'cors';
import express, { type Express } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { ACCOUNT_RULES, API_BASE, API_PATHS, ENQUIRY_KINDS, MESSAGE_KINDS } from '@agency/shared';
import type { AppDeps } from './app-deps';
import { redactUrl, scrubbedError } from './lib/logger';
import { DEFAULT_WEB_ROOT } from './lib/paths';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { sameOriginOnly } from './middleware/same-origin';
import { routerOf, type DeclaredRoute } from './lib/routes';
import { assignmentMailRouteDeclarations } from './modules/assignment-mail/assignment-mail.routes';
import { auditRouteDeclarations } from './modules/audit/audit.routes';
import { calendarRouteDeclarations } from './modules/calendar/calendar.routes';
import { contentRouteDeclarations } from './modules/content/content.routes';
import { contentImagesRouteDeclarations, contentMediaRouter } from './modules/content-images/content-images.routes';
import { authRouteDeclarations, SESSION_COOKIE_NAME } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { inboundRouteDeclarations } from './modules/conversations/inbound.routes';
import { unmatchedRouteDeclarations } from './modules/conversations/unmatched.routes';
import { replyRouteDeclarations } from './modules/conversations/replies.routes';
import { savedReplyRouteDeclarations } from './modules/conversations/saved-replies.routes';
import { requireOwner, requireStaff } from './modules/auth/require-staff';
import { KyselySessionStore } from './modules/auth/session-store';
import { dataRequestsRouteDeclarations } from './modules/data-requests/data-requests.routes';
import { digestRouteDeclarations } from './modules/digest/digest.routes';
import { healthRouteDeclarations } from './modules/health/health.routes';
import { createHumanCheck } from './modules/human-check/human-check';
import { humanCheckRouteDeclarations } from './modules/human-check/human-check.routes';
import { inboxRouteDeclarations } from './modules/inbox/inbox.routes';
import {
  createFormLimiter,
  formOutcomePages,
  messagesRouteDeclarations,
  refuseFloods,
} from './modules/messages/messages.routes';
import { openApiRoutes } from './modules/openapi/openapi.routes';
import { outboxRouteDeclarations } from './modules/outbox/outbox.routes';
import { presenceRouteDeclarations } from './modules/presence/presence.routes';
import { profileRouteDeclarations } from './modules/profile/profile.routes';
import { profileImagesRouteDeclarations } from './modules/profile-images/profile-images.routes';
import { reminderRouteDeclarations } from './modules/reminders/reminders.routes';
import { reportsRouteDeclarations } from './modules/reports/reports.routes';
import { staffRouteDeclarations } from './modules/staff/staff.routes';
import { responseTimesRouteDeclarations } from './modules/response-times/response-times.routes';
import { createFormPages } from './modules/web/form-pages';
import { createSitePages } from './modules/web/site-pages';
import { publicOriginOf, webRoutes } from './modules/web/web.routes';

export type { AppDeps } from './app-deps';

/** Builds the whole site and API: middleware -> routes -> not found -> error handler. Never listens. */
export function createApp(deps: AppDeps): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ?? false);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Method, path and status only: no headers (cookies), bodies (passwords) or token values.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: scrubbedError,
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          // index.html's one inline script, which holds a form's submit and a button's press until the app has
          // hydrated the page (docs/decisions/0010-form-kit.md, 0031); apps/web checks this hash against the file.
          'script-src': ["'self'", "'sha256-tetf2z7rSaZ7lJLDrItSCFxEPpyYFK0KulFSXrffDrE='"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          // The contact page's map, loaded only when the visitor asks for it; and the Content area's preview of a
          // draft (CONTENT_PATHS.preview, issue 22), a page of this server drawn in a frame at phone and desktop width.
          'frame-src': ['https://www.google.com', 'https://maps.google.com', "'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'self'"],
        },
      },
      strictTransportSecurity: config.isProduction,
      // Nothing to other sites, as with helmet's no-referrer; but under no-referrer a browser's form post says
      // `Origin: null`, which the same-origin check refuses: a form post without JavaScript needs its origin (0019).
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  app.use(compression());
  const formLimiter = createFormLimiter(deps);
  app.use(refuseFloods(formLimiter, config.formRefusalDelayMs));

  const auth = createAuthService(deps);
  // Every API answer may carry personal data or renew a session cookie: no browser or proxy keeps a copy. A route
  // whose answer is public and unchanging (a profile image under its random name) sets its own header after this.
  app.use(API_BASE, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    // Preflights answered and credentials allowed for the named origins only; every other origin gets no CORS
    // headers, so its browser keeps the answer from it (docs/decisions/0018).
    app.use(
      API_BASE,
      cors({
        origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
        credentials: true,
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Content-Type', 'Idempotency-Key'],
        maxAge: 600,
      }),
    );
  }
  app.use(API_BASE, sameOriginOnly(config.appUrl, config.corsOrigins));
  const sessions = session({
    name: SESSION_COOKIE_NAME,
    secret: config.sessionSecret,
    store: new KyselySessionStore(deps.db, deps.dialect, deps.clock),
    resave: false,
    saveUninitialized: false,
    // Every answer renews the 30-minute idle window; the store enforces it and the 12-hour cap.
    rolling: true,
    cookie: {
      httpOnly: true,
      // A front end on another site (CORS_ORIGINS) only gets the cookie back with SameSite=None, which browsers
      // accept only with Secure; state changes stay guarded by the Origin check above.
      sameSite: config.corsOrigins.length > 0 && config.isProduction ? 'none' : 'lax',
      secure: config.isProduction,
      maxAge: ACCOUNT_RULES.SESSION_IDLE_MS,
      path: '/',
    },
  });
  // The public forms, their question and the health check never read or write a session: they skip its cookie
  // parsing, signature and hashing (a tenth of a submission's time on the HTTP thread, issue 13).
  const sessionless = new Set<string>([
    ...MESSAGE_KINDS.map((kind) => ENQUIRY_KINDS[kind].paths.submit),
    API_PATHS.HUMAN_CHECK,
    API_PATHS.HEALTH,
  ]);
  app.use(API_BASE, (req, res, next) =>
    sessionless.has(`${req.baseUrl}${req.path}`) ? next() : sessions(req, res, next),
  );
  const staffOnly = requireStaff(auth);
  const ownersOnly = requireOwner(auth);
  // Routes declared once (docs/decisions/0035): mounted from their declarations, which also make the OpenAPI document.
  const declared: DeclaredRoute[] = [];
  const mount = (routes: DeclaredRoute[]) => {
    declared.push(...routes);
    app.use(routerOf(routes, { staff: staffOnly, owner: ownersOnly }));
  };
  mount(healthRouteDeclarations(deps.db, deps.clock, logger));
  mount(authRouteDeclarations(auth, deps.clock, config.isProduction));
  const humanCheck = createHumanCheck(config.sessionSecret);
  const webRoot = deps.webRoot ?? DEFAULT_WEB_ROOT;
  // A public form's page, filled per request and rendered as a form post's answer (docs/decisions/0019).
  const issueFormSlots = () => ({ question: humanCheck.issue(deps.clock().getTime()), idempotencyKey: randomUUID() });
  // The site's pages: the build's files, or rendered again from the published content (docs/decisions/0043).
  const sitePages =
    deps.sitePages ??
    createSitePages({ webRoot, publicOrigin: publicOriginOf(config.appUrl), db: deps.db, logger: deps.logger });
  const formPages = createFormPages(webRoot, () => publicOriginOf(config.appUrl), sitePages);
  mount(humanCheckRouteDeclarations(deps, humanCheck));
  const publicForms = { humanCheck, formPages, issueFormSlots };
  mount(messagesRouteDeclarations(deps, publicForms, formLimiter));
  mount(inboxRouteDeclarations(deps));
  mount(inboundRouteDeclarations(deps));
  mount(unmatchedRouteDeclarations(deps));
  mount(replyRouteDeclarations(deps));
  mount(savedReplyRouteDeclarations(deps));
  mount(outboxRouteDeclarations(deps));
  mount(staffRouteDeclarations(deps));
  mount(auditRouteDeclarations(deps));
  mount(dataRequestsRouteDeclarations(deps));
  mount(calendarRouteDeclarations(deps));
  mount(digestRouteDeclarations(deps));
  mount(assignmentMailRouteDeclarations(deps));
  mount(presenceRouteDeclarations(deps));
  mount(profileRouteDeclarations(deps));
  mount(reminderRouteDeclarations(deps));
  mount(responseTimesRouteDeclarations(deps));
  mount(reportsRouteDeclarations(deps));
  mount(profileImagesRouteDeclarations(deps.db));
  // The preview renders with the site's pages (renderPreview); a change makes them render again (onSiteRevision).
  mount(contentRouteDeclarations({ ...deps, sitePages }));
  mount(contentImagesRouteDeclarations(deps));
  app.use(openApiRoutes({ origin: publicOriginOf(config.appUrl), sessionCookieName: SESSION_COOKIE_NAME }, declared));
  app.use(API_BASE, apiNotFound);

  app.use(contentMediaRouter(deps));
  app.use(webRoutes(webRoot, config.appUrl, sitePages, issueFormSlots, formOutcomePages(deps, publicForms)));
  app.use(apiNotFound);
  app.use(errorHandler(logger));
  return app;
}
