import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { documentPathOf, inputSchemaOf, jsonContent, PUBLIC, queryParametersOf, ref, STAFF } from './json-schema';

/**
 * Each route declared once (issue 19, docs/decisions/0035): its method, path, who may call it, the schemas it parses
 * and the answers it gives. The router registers it from the declaration and the OpenAPI document takes its operation
 * from the same declaration, so the two cannot drift apart.
 */

/** Who may call a route: anyone, a signed-in staff member (or owner), or an owner only. */
export type Access = 'public' | 'staff' | 'owner';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface RouteInput<P, Q, B> {
  req: Request;
  res: Response;
  next: NextFunction;
  params: P;
  query: Q;
  body: B;
}

export interface RouteDeclaration<P, Q, B> {
  method: Method;
  path: string;
  /** Other paths served the same way but left out of the document (the spec's own address of a file). */
  alsoAt?: string[];
  access: Access;
  operationId: string;
  tags: readonly string[];
  summary: string;
  description?: string;
  /** Path parameters: their document entries and how the route reads them (read first, as an unknown kind is 404). */
  params?: { parameters: object[]; parse: (raw: Record<string, string>) => P };
  /** Parameters the route reads itself, leniently (a header, a query value ignored when invalid): documented only. */
  parameters?: object[];
  /** Query parameters, parsed after the path's (400 with `errors` when refused). */
  query?: z.ZodType<Q>;
  /** A UTF-8 JSON body (415/413/400 as jsonBody answers), parsed last; the document names its component if given. */
  body?: { schema: z.ZodType<B>; component?: string };
  /** A body the route reads itself (a form post, a file upload): its document entry, and `before` parses it. */
  requestBody?: object;
  /** Middleware between the guard and the handler (an action check, a multipart reader), in this order. */
  before?: RequestHandler[];
  /** The answers by status, as the document gives them. */
  responses: Record<string, unknown>;
  handle: (input: RouteInput<P, Q, B>) => Promise<void> | void;
}

/** A declaration with its input types settled: what the router mounts and the document reads. */
export interface DeclaredRoute {
  method: Method;
  path: string;
  alsoAt: string[];
  access: Access;
  operation: Record<string, unknown>;
  handlers: RequestHandler[];
}

/** The route guards the app gives the routers: who is signed in, and who is an owner. */
export interface RouteGuards {
  staff?: RequestHandler;
  owner?: RequestHandler;
}

export function declareRoute<P = undefined, Q = undefined, B = undefined>(
  declaration: RouteDeclaration<P, Q, B>,
): DeclaredRoute {
  const { method, path, access, params, query, body, handle } = declaration;
  const handler: RequestHandler = async (req, res, next) => {
    const input = {
      req,
      res,
      next,
      params: params ? params.parse(req.params as Record<string, string>) : (undefined as P),
      query: query ? parseInput(query, req.query) : (undefined as Q),
      body: undefined as B,
    };
    if (body) input.body = parseInput(body.schema, req.body);
    await handle(input);
  };
  return {
    method,
    path,
    alsoAt: declaration.alsoAt ?? [],
    access,
    operation: operationOf(declaration),
    handlers: [...(declaration.before ?? []), ...(body ? jsonBody : []), handler],
  };
}

function operationOf<P, Q, B>(declaration: RouteDeclaration<P, Q, B>): Record<string, unknown> {
  const { access, operationId, tags, summary, description, params, query, body, responses } = declaration;
  const parameters = [
    ...(params?.parameters ?? []),
    ...(declaration.parameters ?? []),
    ...(query ? queryParametersOf(query) : []),
  ];
  return {
    operationId,
    tags,
    summary,
    ...(description ? { description } : {}),
    security: access === 'public' ? PUBLIC : STAFF,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: jsonContent(body.component ? ref(body.component) : inputSchemaOf(body.schema)),
          },
        }
      : {}),
    ...(declaration.requestBody ? { requestBody: declaration.requestBody } : {}),
    responses,
  };
}

/**
 * A router of declared routes: each path's methods behind their guard, then 405 with Allow for any other method. Paths
 * keep the order of their first declaration (one with a fixed word must come before a parameter that would take it).
 */
export function routerOf(routes: DeclaredRoute[], guards: RouteGuards = {}): Router {
  const router = Router();
  const paths = [...new Set(routes.flatMap(({ path, alsoAt }) => [path, ...alsoAt]))];
  for (const path of paths) {
    const route = router.route(path);
    const methods = routes.filter((declared) => declared.path === path || declared.alsoAt.includes(path));
    for (const { method, access, handlers } of methods) {
      const guard = access === 'public' ? undefined : guards[access];
      if (access !== 'public' && !guard) throw new Error(`No ${access} guard given for ${method} ${path}`);
      route[method](...(guard ? [guard] : []), ...handlers);
    }
    route.all(methodNotAllowed(methods.map(({ method }) => method.toUpperCase())));
  }
  return router;
}

/** The document's paths from the declarations: `/api/enquiries/{kind}` and each method's operation. */
export function documentPathsOf(routes: DeclaredRoute[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { path, method, operation } of routes) {
    (paths[documentPathOf(path)] ??= {})[method] = operation;
  }
  return paths;
}
