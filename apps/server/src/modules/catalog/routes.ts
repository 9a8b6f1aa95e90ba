import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogMenuSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { z } from 'zod';
import {
  condensedProductListSchema,
  messages,
  popularQuerySchema,
  productDetailResponseSchema,
  productListSchema,
  productsByIdsRequestSchema,
  productsBySkusRequestSchema,
  searchCursorRequestSchema,
  searchCursorResponseSchema,
  searchProductsRequestSchema,
  searchProductsResponseSchema,
} from '@portal/contracts';
import { errorResponses, HttpError } from '../../plugins/errors.ts';
import { listBrands, listCategories, productNameBySku } from './repo.ts';
import { productImageSvg } from './images.ts';
import { cursorForPage, popularProducts, productBySku, productsByIds, searchProducts } from './search.ts';
import type { AuthService } from '../auth/service.ts';
import { productsBySkus } from './by-skus.ts';
import { READ_ONLY } from '../acting/read-only.ts';

export const catalogRoutes =
  (ctx: AppContext, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    /** The Products and Brands dropdowns and the footer (spec 01 §2.4); public. */
    app.get(
      '/api/catalog/menu',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Categories and brands for the menus',
          response: { 200: catalogMenuSchema },
        },
      },
      async (_request, reply) => {
        const [categories, brands] = await Promise.all([listCategories(ctx.db), listBrands(ctx.db)]);
        reply.header('cache-control', 'public, max-age=300');
        return { categories, brands };
      },
    );

    app.post(
      '/api/search-products',
      {
        config: READ_ONLY,
        schema: {
          tags: ['catalog'],
          summary: 'Search the catalog with the prices of the business the session acts for',
          body: searchProductsRequestSchema,
          response: { 200: searchProductsResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        // The answer comes serialized (and validated) by the route's own serializer, shared while the
        // catalog and the asker's pricing stay the same: a JSON string is sent as it is.
        const answer = await searchProducts(ctx, auth, request, request.body);
        return reply
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(answer as never);
      },
    );

    app.post(
      '/api/search-products/cursor',
      {
        config: READ_ONLY,
        schema: {
          tags: ['catalog'],
          summary: 'The end cursor before a page of a search (page jumps)',
          body: searchCursorRequestSchema,
          response: { 200: searchCursorResponseSchema, ...errorResponses },
        },
      },
      async (request) => cursorForPage(ctx, auth, request, request.body),
    );

    app.get(
      '/api/product-by-sku/:sku',
      {
        schema: {
          tags: ['catalog'],
          summary: 'One product with its description and pictures',
          params: z.object({ sku: z.string().min(1).max(40) }),
          response: { 200: productDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => productBySku(ctx, auth, request, request.params.sku),
    );

    app.post(
      '/api/products-by-ids',
      {
        config: READ_ONLY,
        schema: {
          tags: ['catalog'],
          summary: 'Products by id, in the order asked',
          body: productsByIdsRequestSchema,
          response: { 200: productListSchema, ...errorResponses },
        },
      },
      async (request) => ({ results: await productsByIds(ctx, auth, request, request.body.ids) }),
    );

    app.post(
      '/api/vehicle-saleor-products',
      {
        config: READ_ONLY,
        schema: {
          tags: ['catalog'],
          summary: 'Products by SKU, in the order asked (vehicle products, related products)',
          body: productsBySkusRequestSchema,
          response: { 200: productListSchema, ...errorResponses },
        },
      },
      async (request) => ({ results: await productsBySkus(ctx, auth, request, request.body.skus) }),
    );

    app.post(
      '/api/condensed-products-by-ids',
      {
        config: READ_ONLY,
        schema: {
          tags: ['catalog'],
          summary: 'Name, picture and price of products by id',
          body: productsByIdsRequestSchema,
          response: { 200: condensedProductListSchema, ...errorResponses },
        },
      },
      async (request) => ({ results: await productsByIds(ctx, auth, request, request.body.ids) }),
    );

    app.get(
      '/api/popular-products',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Best sellers at the session’s prices',
          querystring: popularQuerySchema,
          response: { 200: productListSchema, ...errorResponses },
        },
      },
      async (request) => ({ results: await popularProducts(ctx, auth, request, request.query.limit) }),
    );

    /** Generated product pictures (the demo catalog has no photographs to fetch). */
    app.get(
      '/api/product-images/:sku/:file',
      {
        schema: {
          tags: ['catalog'],
          summary: 'A product picture (SVG)',
          params: z.object({
            sku: z.string().regex(/^[A-Z]{2}-[A-Z]{2,3}-[A-Z]\d{3,4}$/, messages.notFound),
            file: z.string().regex(/^[1-9]\.svg$/, messages.notFound),
          }),
          response: { 200: z.string(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const name = await productNameBySku(ctx.db, request.params.sku);
        if (!name) throw new HttpError(404, messages.notFound);
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .send(productImageSvg(request.params.sku, name, Number(request.params.file[0])));
      },
    );
  };
