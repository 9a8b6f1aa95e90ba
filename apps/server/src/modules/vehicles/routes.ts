import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  accessoryProductListSchema,
  accessoryProductsRequestSchema,
  categoryRequestSchema,
  externalWiringSchema,
  folderDetailSchema,
  folderListSchema,
  folderSlugSchema,
  guidesRequestSchema,
  installerGuideListSchema,
  instructionCategorySchema,
  internalWiringSchema,
  productFeaturesRequestSchema,
  productFeaturesSchema,
  tHarnessListSchema,
  tHarnessRequestSchema,
  vehicleInfoSchema,
  vehicleKeySchema,
  vehicleOptionListSchema,
  vinAnswerSchema,
  vinRequestSchema,
  wiringCategorySchema,
  yearMakeModelRequestSchema,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../plugins/errors.ts';
import type { AuthService } from '../auth/service.ts';
import * as vehicles from './service.ts';
import * as resources from './resources.ts';
import { documentRoutes } from './documents.ts';
import { READ_ONLY } from '../acting/read-only.ts';

/** Vehicle data changes with a new seed or import, not per request: a private cache is safe. */
const CACHE_VEHICLE = 'private, max-age=300';
/** Anything priced follows the session's business and role: never reused. */
const NO_STORE = 'no-store';

/** spec 01 §7 vehicle and wiring calls; /wiring is "login required" (spec 01 §2.2). */
export const vehicleRoutes =
  (ctx: AppContext, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', async (request) => {
      await auth.requireSession(request);
    });
    // The first VIN decode loads vPIC (about a second): do it once the server listens, not on
    // someone's first search, and without holding up readiness.
    app.addHook('onListen', async () => {
      ctx.vinDecoder.warm().then(
        () => app.log.info('VIN decoder warmed'),
        (error: unknown) => app.log.warn({ err: error }, 'VIN decoder warm-up failed'),
      );
    });
    const post = <B extends z.ZodType, R extends z.ZodType>(
      url: string,
      summary: string,
      body: B,
      answer: R,
      cache: string,
      handler: (body: z.output<B>, request: FastifyRequest) => Promise<z.input<R>>,
    ) =>
      app.post(
        url,
        // Widened to z.ZodType: Fastify's inference cannot follow generic schemas. The handler's
        // types come from B and R instead, and the schemas still validate both ways at run time.
        {
          // Every vehicle call is a read sent as POST (spec 01 §7).
          config: READ_ONLY,
          schema: {
            tags: ['vehicles'],
            summary,
            body: body as z.ZodType,
            response: { 200: answer as z.ZodType, ...errorResponses },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', cache);
          return handler(request.body as z.output<B>, request);
        },
      );

    post(
      '/api/year-make-model',
      'Makes of a year, or models of a year and make',
      yearMakeModelRequestSchema,
      vehicleOptionListSchema,
      'private, max-age=3600',
      (body) => vehicles.yearMakeModel(ctx, body),
    );
    post(
      '/api/dot-vehicle-by-vin',
      'Decode a VIN (NHTSA vPIC, offline) to the cascade’s year, make and model',
      vinRequestSchema,
      vinAnswerSchema,
      'private, max-age=86400',
      (body) => vehicles.decodeVin(ctx, body.VIN),
    );
    post(
      '/api/vehicle-info',
      'A vehicle with its wiring, instructions, harnesses, documents and modules',
      vehicleKeySchema,
      vehicleInfoSchema,
      CACHE_VEHICLE,
      (body, request) => vehicles.vehicleInfo(ctx, auth, request, body),
    );
    post(
      '/api/internal-vehicle-wiring',
      'The wiring categories of a vehicle',
      vehicleKeySchema,
      internalWiringSchema,
      CACHE_VEHICLE,
      (body) => vehicles.internalWiring(ctx, body),
    );
    post(
      '/api/external-vehicle-wiring',
      'Third-party wiring lists by trim',
      vehicleKeySchema,
      externalWiringSchema,
      CACHE_VEHICLE,
      (body) => vehicles.externalWiring(ctx, body),
    );
    post(
      '/api/wiring-by-category',
      'One wiring category',
      categoryRequestSchema,
      wiringCategorySchema,
      CACHE_VEHICLE,
      (body) => vehicles.wiringOfCategory(ctx, body.vehicleId, body.categoryId),
    );
    post(
      '/api/instructions-by-category',
      'One instruction category',
      categoryRequestSchema,
      instructionCategorySchema,
      CACHE_VEHICLE,
      (body) => vehicles.instructionsOfCategory(ctx, body.vehicleId, body.categoryId),
    );
    post(
      '/api/guides-by-vehicle-ids',
      'Installer guides of vehicles',
      guidesRequestSchema,
      installerGuideListSchema,
      CACHE_VEHICLE,
      (body) => vehicles.guidesOfVehicles(ctx, body.vehicleIds),
    );
    post(
      '/api/vehicle-saleor-accessory-products',
      'Accessories of a vehicle’s modules or of a product, at the session’s prices',
      accessoryProductsRequestSchema,
      accessoryProductListSchema,
      NO_STORE,
      (body, request) => resources.accessoryProducts(ctx, auth, request, body),
    );
    post(
      '/api/t-harness-by-sku',
      'T-harnesses by SKU',
      tHarnessRequestSchema,
      tHarnessListSchema,
      CACHE_VEHICLE,
      (body, request) => resources.tHarnessesBySku(ctx, auth, request, body.items),
    );
    post(
      '/api/product-features',
      'The features view of a module',
      productFeaturesRequestSchema,
      productFeaturesSchema,
      CACHE_VEHICLE,
      (body, request) => resources.productFeatures(ctx, auth, request, body.productId),
    );

    app.get(
      '/api/folder',
      {
        schema: { tags: ['vehicles'], summary: 'Root folders', response: { 200: folderListSchema, ...errorResponses } },
      },
      async (_request, reply) => {
        reply.header('cache-control', CACHE_VEHICLE);
        return resources.rootFolders(ctx);
      },
    );
    app.get(
      '/api/folder/:slug',
      {
        schema: {
          tags: ['vehicles'],
          summary: 'A folder with its sub-folders and documents',
          params: folderSlugSchema,
          response: { 200: folderDetailSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', CACHE_VEHICLE);
        return resources.folderBySlug(ctx, request.params.slug);
      },
    );
    await app.register(documentRoutes(ctx));
  };
