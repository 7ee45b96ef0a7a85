import { Router } from 'express';
import { API_PATHS } from '@agency/shared';
import { methodNotAllowed } from '../../middleware/method-not-allowed';
import { buildOpenApiDocument } from './openapi';

/** GET /api/openapi.json: the OpenAPI 3.1 document of the API, public (it says nothing the site does not). */
export function openApiRoutes(): Router {
  const router = Router();
  router
    .route(API_PATHS.OPENAPI)
    .get((_req, res) => {
      res.json(buildOpenApiDocument());
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
