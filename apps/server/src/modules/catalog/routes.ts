import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogMenuSchema } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { listBrands, listCategories } from './repo.ts';

export const catalogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
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
  };
