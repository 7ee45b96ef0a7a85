import type { Router } from 'express';
import { API_PATHS } from '@agency/shared';
import { jsonContent, refusals } from '../../lib/json-schema';
import { declareRoute, routerOf, type DeclaredRoute } from '../../lib/routes';
import { buildOpenApiDocument } from './openapi';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the API, public (it says nothing the site does not), its server
 * the site's APP_URL, its operations those of the routes the app declared (this one included).
 */
export function openApiRoutes(appUrl: string, declared: DeclaredRoute[]): Router {
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
        res.json(buildOpenApiDocument(appUrl, [...declared, ...routes]));
      },
    }),
  ];
  return routerOf(routes);
}
