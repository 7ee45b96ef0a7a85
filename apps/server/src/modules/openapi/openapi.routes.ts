import { Router } from 'express';
import { API_PATHS } from '@agency/shared';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { buildOpenApiDocument } from './openapi';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the API, public (it says nothing the site does not), its server
 * the site's APP_URL.
 */
export function openApiRoutes(appUrl: string): Router {
  const router = Router();
  router
    .route(API_PATHS.OPENAPI)
    .get((_req, res) => {
      res.json(buildOpenApiDocument(appUrl));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
