import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_KINDS,
  API_BASE,
  API_PATHS,
  CONTENT_PATHS,
  DEFAULT_AVATAR,
  ENQUIRY_KINDS,
  INBOX_PATHS,
  MESSAGE_KIND_PATHS,
  MESSAGE_KINDS,
  STAFF_ADMIN_PATHS,
  STAFF_REMOVAL_PATHS,
  UNMATCHED_MAIL_PATHS,
  CONVERSATION_PATHS,
  DIGEST_PATH,
  RESET_LINK_PATH,
  ASSIGNMENT_MAIL_PATH,
  presencePath,
  PROFILE_PATHS,
  REPORT_NAMES,
  REPORTS_PATH,
  RESPONSE_TIMES_PATHS,
  reportCsvPath,
  snoozePathOf,
} from '@agency/shared';
import { declareRoute, routerOf } from '../../lib/routes';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, STRONG_PASSWORD, type TestContext } from '../../test/test-context';

type Operation = Record<string, unknown>;
interface Document {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content?: Record<string, unknown>; headers?: object }>;
    securitySchemes: Record<string, { in?: string; name?: string; description?: string }>;
  };
}

const HTTP_METHODS = ['get', 'post', 'delete', 'put', 'patch'];

/** Every API path the server should answer, from the shared constants: the document must list these and no more. */
function expectedApiPaths(): string[] {
  const fixed = Object.values(API_PATHS)
    .map((apiPath) => apiPath.split('?')[0] ?? apiPath)
    .filter((apiPath) => apiPath.startsWith(`${API_BASE}/`) && apiPath !== API_PATHS.PROFILE_IMAGES);
  const kinds = MESSAGE_KINDS.flatMap((kind) => Object.values(ENQUIRY_KINDS[kind].paths));
  // The inbox's addresses of one kind and one id, with the two written as the document's parameters.
  const inbox = Object.values(INBOX_PATHS).map((inboxPath) =>
    (typeof inboxPath === 'string' ? inboxPath : inboxPath('contact', 7))
      .replace('/contact', '/{kind}')
      .replace(/\/7(?=\/|$)/, '/{id}'),
  );
  // The owners' addresses (issue 12) with the account id as the document's parameter.
  const ownerPaths = [...Object.values(STAFF_ADMIN_PATHS), ...Object.values(STAFF_REMOVAL_PATHS)].map((ownerPath) =>
    (typeof ownerPath === 'string' ? ownerPath : ownerPath(7)).replace(/\/7(?=\/|$)/, '/{id}'),
  );
  // Received mails that matched nothing (issue 20), with the mail's id as the document's parameter.
  const unmatched = Object.values(UNMATCHED_MAIL_PATHS).map((mailPath) =>
    (typeof mailPath === 'string' ? mailPath : mailPath(7)).replace(/\/7(?=\/|$)/, '/{id}'),
  );
  // A staff reply, the timeline and the saved replies (issue 20).
  const conversations = [
    CONVERSATION_PATHS.replies('contact', 7),
    CONVERSATION_PATHS.timeline('contact', 7),
    CONVERSATION_PATHS.SAVED_REPLIES,
    CONVERSATION_PATHS.savedReply(7),
  ].map((conversationPath) => conversationPath.replace('/contact', '/{kind}').replace(/\/7(?=\/|$)/, '/{id}'));
  conversations.push(
    CONVERSATION_PATHS.attachment('contact', 7, 9)
      .replace('/contact/7/', '/{kind}/{id}/')
      .replace(/\/9$/, '/{attachmentId}'),
  );
  return [
    ...new Set([
      ...fixed,
      `${API_PATHS.PROFILE_IMAGES}/{file}`,
      ...kinds,
      ...inbox,
      ...ownerPaths,
      ...unmatched,
      ...conversations,
      // The reports (issue 21) and their CSVs.
      REPORTS_PATH,
      ...REPORT_NAMES.map(reportCsvPath),
      // First-response targets and the confirmed first answer (issue 21).
      RESPONSE_TIMES_PATHS.TARGETS,
      RESPONSE_TIMES_PATHS.FIRST_RESPONSE.replace(':kind', '{kind}').replace(':id', '{id}'),
      // The signed-in person's daily digest setting (issue 21).
      DIGEST_PATH,
      // What a password reset link is now: usable, used, expired or unknown (issue 23).
      RESET_LINK_PATH,
      // The signed-in person's own profile: name, password, picture (issue 23).
      ...Object.values(PROFILE_PATHS),
      // The assignment mail's setting, and who else is on an enquiry (issue 23).
      ASSIGNMENT_MAIL_PATH,
      presencePath('contact', 7).replace('/contact/7/', '/{kind}/{id}/'),
      // An enquiry's snooze (issue 21).
      snoozePathOf('contact', 7).replace('/contact/7/', '/{kind}/{id}/'),
      // The Content area, its images and who may edit (issue 22).
      ...Object.values(CONTENT_PATHS).map((contentPath) =>
        (typeof contentPath === 'string' ? contentPath : contentPath('7')).replace(/\/7(?=\/|$)/, '/{id}'),
      ),
    ]),
  ].sort();
}

interface Layer {
  route?: { path: string | RegExp; methods?: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Each `METHOD /api/path` the app registers (nested routers included, `{name}` form) that the document does not give
 * an operation, and each operation of the document that no route serves: both empty when every route comes from a
 * declaration and every declaration reaches the document (docs/decisions/0035).
 */
function undeclaredRoutesOf(app: unknown, paths: Document['paths']): { undocumented: string[]; unserved: string[] } {
  const registered = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string' && layer.route.path.startsWith(`${API_BASE}/`)) {
        const routePath = layer.route.path.replace(/:(\w+)/g, '{$1}');
        for (const [method, on] of Object.entries(layer.route.methods ?? {})) {
          if (on && HTTP_METHODS.includes(method)) registered.add(`${method.toUpperCase()} ${routePath}`);
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as { router: { stack: Layer[] } }).router.stack);
  const documented = new Set(
    Object.entries(paths).flatMap(([documentPath, item]) =>
      Object.keys(item)
        .filter((key) => HTTP_METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${documentPath}`),
    ),
  );
  return {
    undocumented: [...registered].filter((route) => !documented.has(route)).sort(),
    unserved: [...documented].filter((route) => !registered.has(route)).sort(),
  };
}

/** The paths of every route registered on the Express app, nested routers included, in OpenAPI's `{name}` form. */
function registeredRoutePaths(app: TestContext['app']): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      // The web pages' catch-alls are patterns that exclude /api by construction.
      if (layer.route) {
        if (typeof layer.route.path === 'string') found.push(layer.route.path.replace(/:(\w+)/g, '{$1}'));
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

/** A concrete address for a documented path. */
const addressOf = (documentPath: string) =>
  documentPath.replace('{file}', DEFAULT_AVATAR).replace('{kind}', 'contact').replace('{id}', '1');

let context: TestContext;
let document: Document;

beforeAll(async () => {
  context = await createTestContext();
  const answer = await request(context.app).get(API_PATHS.OPENAPI);
  expect(answer.status).toBe(200);
  expect(answer.type).toBe('application/json');
  document = answer.body as Document;
});

afterAll(async () => {
  await context.close();
});

describe('the OpenAPI document at /api/openapi.json', () => {
  it('is valid OpenAPI 3.1 by the OpenAPI schema and its extra rules (unique operation ids, parameters)', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('lists exactly the API paths of the shared constants, and the app registers no API route it leaves out', () => {
    const documented = Object.keys(document.paths).sort();
    expect(documented).toEqual(expectedApiPaths());
    const registered = registeredRoutePaths(context.app).filter((routePath) => routePath.startsWith(`${API_BASE}/`));
    expect([...new Set(registered)].sort()).toEqual(documented);
  });

  it('has an operation for every method the app registers under /api, and the app serves every operation', () => {
    expect(undeclaredRoutesOf(context.app, document.paths)).toEqual({ undocumented: [], unserved: [] });
  });

  it('names a route registered without a declaration, and a declaration the app does not serve', () => {
    const app = express();
    app.use(
      routerOf([
        declareRoute({
          method: 'get',
          path: `${API_BASE}/declared`,
          access: 'public',
          operationId: 'declared',
          tags: ['Service'],
          summary: 'Declared',
          responses: {},
          handle: ({ res }) => {
            res.end();
          },
        }),
      ]),
    );
    app.post(`${API_BASE}/declared`, (_req, res) => res.end());
    app.get(`${API_BASE}/plain/:id`, (_req, res) => res.end());
    const paths = {
      [`${API_BASE}/declared`]: { get: {} },
      [`${API_BASE}/gone`]: { delete: {} },
    };
    expect(undeclaredRoutesOf(app, paths)).toEqual({
      undocumented: [`GET ${API_BASE}/plain/{id}`, `POST ${API_BASE}/declared`],
      unserved: [`DELETE ${API_BASE}/gone`],
    });
  });

  it("names each path's methods exactly as the server's 405 answer allows them", async () => {
    for (const [documentPath, item] of Object.entries(document.paths)) {
      const methods = Object.keys(item).filter((key) => HTTP_METHODS.includes(key));
      // A method the path does not serve (PUT, or PATCH where PUT is served: the business calendar).
      const probe = methods.includes('put') ? 'patch' : 'put';
      const answer = await request(context.app)[probe](addressOf(documentPath)).send({});
      expect(answer.status, documentPath).toBe(405);
      const allowed = String(answer.headers.allow)
        .split(/,\s*/)
        .map((method) => method.toLowerCase());
      expect(allowed.filter((method) => method !== 'head').sort(), documentPath).toEqual(methods.sort());
      for (const method of methods) {
        expect(item[method]?.responses, `${method} ${documentPath}`).toHaveProperty('405');
      }
    }
  });

  it('gives each endpoint its statuses, and a 429 its Retry-After header', () => {
    const statusesOf = (documentPath: string, method: string) =>
      Object.keys((document.paths[documentPath]?.[method]?.responses as object | undefined) ?? {});
    for (const kind of MESSAGE_KINDS) {
      const { submit, list, delete: remove } = MESSAGE_KIND_PATHS[kind];
      expect(statusesOf(submit, 'post')).toEqual(expect.arrayContaining(['201', '400', '413', '415', '429', '503']));
      expect(statusesOf(list, 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
      expect(statusesOf(remove, 'delete')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    }
    expect(statusesOf('/api/login.php', 'post')).toEqual(expect.arrayContaining(['401', '403', '429']));
    expect(statusesOf(API_PATHS.REGISTER, 'post')).toEqual(expect.arrayContaining(['201', '413', '415', '429']));
    expect(statusesOf(API_PATHS.HEALTH, 'get')).toEqual(expect.arrayContaining(['200', '503']));
    expect(statusesOf(STAFF_ADMIN_PATHS.ACCOUNTS, 'get')).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(statusesOf('/api/staff/accounts/{id}/remove', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    expect(statusesOf(STAFF_ADMIN_PATHS.AUDIT, 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    const responses = (document.components as { responses?: Record<string, { headers?: object }> }).responses;
    expect(responses?.TooManyRequests?.headers).toHaveProperty('Retry-After');
  });
});

describe('what the document says of access, form posts and pages', () => {
  const operations = () =>
    Object.entries(document.paths).flatMap(([documentPath, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ documentPath, method, operation })),
    );

  it('names this site (APP_URL) as its server', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: new URL(context.config.appUrl).origin })]);
  });

  it('describes the session cookie by its real name, and a call it marks staff-only is 401 without it', async () => {
    const scheme = document.components.securitySchemes.session;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'rd.sid' });
    expect(scheme?.description).toMatch(/HttpOnly.*SameSite.*30 minutes.*12 hours/s);
    for (const { documentPath, method, operation } of operations()) {
      expect(operation.security, `${method} ${documentPath} declares its security`).toBeDefined();
      // The inbound-mail webhook's bearer secret is no session: unset in tests, that route answers 404.
      const staffOnly = (operation.security as Array<Record<string, unknown>>).some((scheme) => 'session' in scheme);
      const answer = await request(context.app)[method as 'get'](addressOf(documentPath));
      if (staffOnly) expect(answer.status, `${method} ${documentPath}`).toBe(401);
      else expect(answer.status, `${method} ${documentPath}`).not.toBe(401);
    }
  });

  it("documents each form's browser post: urlencoded in, 303 to the form's page, or JSON", () => {
    for (const kind of MESSAGE_KINDS) {
      const submit = document.paths[MESSAGE_KIND_PATHS[kind].submit]?.post as {
        requestBody: { content: Record<string, unknown> };
        responses: Record<string, { $ref?: string; content?: Record<string, unknown>; headers?: object }>;
      };
      expect(Object.keys(submit.requestBody.content)).toContain('application/x-www-form-urlencoded');
      expect(submit.responses['303']?.headers).toHaveProperty('Location');
      expect(submit.responses['200']).toBeUndefined();
      expect(Object.keys(submit.responses['201']?.content ?? {})).toEqual(['application/json']);
      for (const status of ['400', '429']) {
        const name = submit.responses[status]?.$ref?.split('/').at(-1) ?? '';
        expect(Object.keys(document.components.responses[name]?.content ?? {}), kind).toEqual(['application/json']);
      }
    }
    expect(document.components.responses.FormTooManyRequests?.headers).toHaveProperty('Retry-After');
  });

  it("describes `after` and `before` alike in the inbox and the audit log, and the inbox's limit with its range", () => {
    const parameters = (documentPath: string) =>
      Object.fromEntries(
        ((document.paths[documentPath]?.get?.parameters ?? []) as Array<{ name: string }>).map((parameter) => [
          parameter.name,
          parameter,
        ]),
      );
    const inbox = parameters('/api/enquiries/{kind}');
    const audit = parameters(STAFF_ADMIN_PATHS.AUDIT);
    for (const name of ['after', 'before']) {
      expect(inbox[name], name).toHaveProperty('description');
      expect((audit[name] as { description?: string }).description, name).toBe(
        (inbox[name] as { description?: string }).description,
      );
    }
    expect(inbox.limit).toMatchObject({ schema: { type: 'integer', minimum: 1, maximum: 50, default: 50 } });
    expect(audit.limit).toMatchObject({ schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } });
  });

  it('names `all` as a kind where the inbox takes a view (list, arrivals, exports), and only there', () => {
    const kindsOf = (documentPath: string) =>
      (
        (document.paths[documentPath]?.get?.parameters ?? document.paths[documentPath]?.post?.parameters) as
          Array<{ name: string; schema: { enum?: string[] } }> | undefined
      )?.find(({ name }) => name === 'kind')?.schema.enum;
    for (const view of ['', '/arrivals', '/export.csv', '/export.xlsx']) {
      expect(kindsOf(`${API_BASE}/enquiries/{kind}${view}`), view).toEqual([...MESSAGE_KINDS, ALL_KINDS]);
    }
    expect(kindsOf(`${API_BASE}/enquiries/{kind}/bulk`)).toEqual([...MESSAGE_KINDS]);
    expect(kindsOf(`${API_BASE}/enquiries/{kind}/{id}`)).toEqual([...MESSAGE_KINDS]);
  });

  it('gives every field of every schema a type', () => {
    const untyped: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, object>)) {
        const keys = Object.keys(property);
        if (!['type', '$ref', 'anyOf', 'allOf', 'oneOf', 'const', 'enum'].some((key) => keys.includes(key))) {
          untyped.push(`${at}/properties/${name}`);
        }
      }
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(document.components.schemas, '#/components/schemas');
    walk(document.paths, '#/paths');
    expect(untyped).toEqual([]);
  });
});

describe('a body the document refuses, the server refuses too', () => {
  const schemaOf = (name: string) => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    return ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
  };

  it('accepts what the forms send, and so does the server', async () => {
    for (const kind of MESSAGE_KINDS) {
      const name = `${kind
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('')}Submission`;
      const body = { ...VALID_SUBMISSIONS[kind], idempotencyKey: `ok-${kind}` };
      expect(schemaOf(name)(body), kind).toBe(true);
      const answer = await request(context.app).post(MESSAGE_KIND_PATHS[kind].submit).send(body);
      expect(answer.status, kind).toBe(201);
    }
    expect(schemaOf('Login')({ email: 'staff@example.ng', password: STRONG_PASSWORD })).toBe(true);
  });

  const refused: Array<{ name: string; path: string; body: Record<string, unknown> }> = [
    {
      name: 'ContactSubmission',
      path: MESSAGE_KIND_PATHS.contact.submit,
      body: { ...VALID_SUBMISSIONS.contact, colour: 'blue' },
    },
    {
      name: 'ContactSubmission',
      path: MESSAGE_KIND_PATHS.contact.submit,
      body: { ...VALID_SUBMISSIONS.contact, email: undefined },
    },
    {
      name: 'ContactSubmission',
      path: MESSAGE_KIND_PATHS.contact.submit,
      body: { ...VALID_SUBMISSIONS.contact, idempotencyKey: 'not a key!' },
    },
    {
      name: 'RequestQuoteSubmission',
      path: MESSAGE_KIND_PATHS.request_quote.submit,
      body: { ...VALID_SUBMISSIONS.request_quote, location: 'Atlantis' },
    },
    {
      name: 'RequestQuoteSubmission',
      path: MESSAGE_KIND_PATHS.request_quote.submit,
      body: { ...VALID_SUBMISSIONS.request_quote, services: ['Catering'] },
    },
    {
      name: 'WebDevSubmission',
      path: MESSAGE_KIND_PATHS.web_dev.submit,
      body: { ...VALID_SUBMISSIONS.web_dev, surname: 'x'.repeat(101) },
    },
    { name: 'Login', path: API_PATHS.LOGIN, body: { email: 'staff@example.ng', password: '' } },
    { name: 'ResetRequest', path: API_PATHS.RESET_REQUEST, body: { email: 'staff@example.ng', extra: 1 } },
    { name: 'UpdatePassword', path: API_PATHS.UPDATE_PASSWORD, body: { password: STRONG_PASSWORD } },
  ];

  it.each(refused)('$name refuses a body, and POST $path answers 400', async ({ name, path, body }) => {
    expect(schemaOf(name)(body)).toBe(false);
    const answer = await request(context.app).post(path).send(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false });
  });
});
