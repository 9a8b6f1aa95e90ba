import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { messages } from '@portal/contracts';
import type { Config } from '../config.ts';
import { requirePermission } from './actor.ts';

/** OpenAPI 3.1 generated from the Zod schemas of every route; before the routes, so it sees them all. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Dealer & Installer Portal API', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });
}

/**
 * The document and its UI at /api/docs (and /api/docs/json), as API_DOCS says: for everyone, for signed-in
 * admins only (401, 403 for anyone else), or not at all (404). After the actor is worked out (app.ts).
 */
export async function registerApiDocs(app: FastifyInstance, mode: Config['API_DOCS']) {
  if (mode === 'off') return;
  const adminsOnly = requirePermission('administer', messages.apiDocsAdminsOnly);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(mode === 'admins' && {
      uiHooks: { onRequest: (request, _reply, done) => void adminsOnly(request).then(() => done(), done) },
    }),
  });
}
