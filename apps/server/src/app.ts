import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSpa } from './plugins/spa.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { sessionRoutes } from './modules/users/routes.ts';

export interface BuildAppOptions {
  /** Built web app to serve; omitted in API tests. */
  webDist?: string;
  logger?: boolean;
}

/** Builds the Fastify instance: plugins and modules, no listen (CONVENTIONS). */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.LOG_LEVEL },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurity(app, { publicUrl: ctx.config.PUBLIC_URL });
  await registerOpenApi(app);

  await app.register(healthRoutes(ctx));
  await app.register(sessionRoutes(ctx));
  await app.register(catalogRoutes(ctx));
  await app.register(contentRoutes(ctx));

  if (options.webDist) await registerSpa(app, options.webDist);
  return app;
}
