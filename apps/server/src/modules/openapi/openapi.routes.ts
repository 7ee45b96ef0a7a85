import type { Router } from 'express';
import { API_PATHS } from '@agency/shared';
import { jsonContent, refusals } from '../../lib/json-schema';
import { declareRoute, routerOf, type DeclaredRoute } from '../../lib/routes';
import { buildOpenApiDocument, type DocumentedSite } from './openapi';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the API, public (it says nothing the site does not), its server
 * the site's APP_URL (its origin), its operations those of the routes the app declared (this one included).
 */
export function openApiRoutes(site: DocumentedSite, declared: DeclaredRoute[]): Router {
  // Built on the first call: nothing in it changes while the server runs.
  let document: Record<string, unknown> | undefined;
  const routes: DeclaredRoute[] = [
    declareRoute({
      method: 'get',
      path: API_PATHS.OPENAPI,
      access: 'public',
      operationId: 'openApiDocument',
      tags: ['Service'],
      summary: 'This document',
      responses: {
        '200': { description: 'The OpenAPI 3.1 document', content: jsonContent({ type: 'object' }) },
        ...refusals(405),
      },
      handle: ({ res }) => {
        document ??= buildOpenApiDocument(site, [...declared, ...routes]);
        res.json(document);
      },
    }),
  ];
  return routerOf(routes);
}
