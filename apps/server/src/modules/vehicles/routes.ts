import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { endpoints } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { requireSignedIn, signedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import * as vehicles from './service.ts';
import * as resources from './resources.ts';
import { documentRoutes } from './documents.ts';

/** Vehicle data changes with a new seed or import, not per request: a private cache is safe. */
const CACHE_VEHICLE = 'private, max-age=300';
/** Anything priced follows the session's business and role: never reused. */
const NO_STORE = 'no-store';

/** How long the browser may keep a route's answer (set before the handler runs, as on its errors). */
const cacheFor = (value: string): { preHandler: preHandlerAsyncHookHandler } => ({
  preHandler: async (_request, reply) => {
    reply.header('cache-control', value);
  },
});

/**
 * spec 01 §7 vehicle and wiring calls; /wiring is "login required" (spec 01 §2.2). The year/make/model
 * cascade and the VIN decoder answer guests too: the activation's vehicle step uses them, and activation
 * allows optional login (issue 29); they say nothing about wiring or prices.
 */
export const vehicleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The first VIN decode loads vPIC (about a second): do it once the server listens, not on
    // someone's first search, and without holding up readiness.
    app.addHook('onListen', async () => {
      ctx.vinDecoder.warm().then(
        () => app.log.info('VIN decoder warmed'),
        (error: unknown) => app.log.warn({ err: error }, 'VIN decoder warm-up failed'),
      );
    });
    const calls = endpoints.vehicles;

    route(app, calls.yearMakeModel, cacheFor('private, max-age=3600'), async (request) =>
      vehicles.yearMakeModel(ctx, request.body),
    );
    route(app, calls.decodeVin, cacheFor('private, max-age=86400'), async (request) =>
      vehicles.decodeVin(ctx, request.body.VIN),
    );
    await app.register(signedInVehicleRoutes(ctx));
  };

/** The wiring itself: signed in only. */
const signedInVehicleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here, the documents' too: before the body is read (docs/decisions.md "403 before 400").
    app.addHook('onRequest', requireSignedIn);
    const calls = endpoints.vehicles;
    route(app, calls.vehicleInfo, cacheFor(CACHE_VEHICLE), async (request) =>
      vehicles.vehicleInfo(ctx, signedIn(request), request.body),
    );
    route(app, calls.internalWiring, cacheFor(CACHE_VEHICLE), async (request) =>
      vehicles.internalWiring(ctx, request.body),
    );
    route(app, calls.externalWiring, cacheFor(CACHE_VEHICLE), async (request) =>
      vehicles.externalWiring(ctx, request.body),
    );
    route(app, calls.wiringByCategory, cacheFor(CACHE_VEHICLE), async (request) =>
      vehicles.wiringOfCategory(ctx, request.body.vehicleId, request.body.categoryId),
    );
    route(app, calls.instructionsByCategory, cacheFor(CACHE_VEHICLE), async (request) =>
      vehicles.instructionsOfCategory(ctx, request.body.vehicleId, request.body.categoryId),
    );
    route(app, calls.guides, cacheFor(CACHE_VEHICLE), async (request) =>
      vehicles.guidesOfVehicles(ctx, request.body.vehicleIds),
    );
    route(app, calls.accessoryProducts, cacheFor(NO_STORE), async (request) =>
      resources.accessoryProducts(ctx, signedIn(request), request.body),
    );
    route(app, calls.tHarnessesBySku, cacheFor(CACHE_VEHICLE), async (request) =>
      resources.tHarnessesBySku(ctx, signedIn(request), request.body.items),
    );
    route(app, calls.productFeatures, cacheFor(CACHE_VEHICLE), async (request) =>
      resources.productFeatures(ctx, signedIn(request), request.body.productId),
    );
    route(app, calls.rootFolders, cacheFor(CACHE_VEHICLE), async () => resources.rootFolders(ctx));
    route(app, calls.folder, cacheFor(CACHE_VEHICLE), async (request) =>
      resources.folderBySlug(ctx, request.params.slug),
    );
    await app.register(documentRoutes(ctx));
  };
