import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, messages } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { maybeSignedIn } from '../../plugins/actor.ts';
import { route } from '../../plugins/endpoints.ts';
import { listBrands, listCategories, productNameBySku } from './repo/index.ts';
import { productImageSvg } from './images.ts';
import { popularProducts, productBySku, productsByIds, productsBySkus } from './repo/products.ts';
import { cursorForPage, searchProducts } from './search.ts';
import { createSearchEngine } from './engine/index.ts';

/** The catalog: anyone may read it, at the prices of whoever asks (spec 01 §6: pricingOf). */
export const catalogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { catalog } = endpoints;
    // The embedded search index (issue 33): built now in the background, rebuilt after catalog changes.
    if (ctx.config.SEARCH_INDEX === 'embedded') {
      const engine = createSearchEngine(ctx.db, app.log, ctx.config.SEARCH_INDEX_MAX_AGE_MS);
      app.addHook('onClose', async () => engine.close());
    }

    /** The Products and Brands dropdowns and the footer (spec 01 §2.4); public. */
    route(app, catalog.menu, async (_request, reply) => {
      const [categories, brands] = await Promise.all([listCategories(ctx.db), listBrands(ctx.db)]);
      reply.header('cache-control', 'public, max-age=300');
      return { categories, brands };
    });

    route(app, catalog.searchProducts, async (request, reply) => {
      // The answer comes serialized (and validated) by the route's own serializer, shared while the
      // catalog and the asker's pricing stay the same: a JSON string is sent as it is, as its bytes (a
      // string's length in bytes is one more pass over it before it is encoded for the socket).
      const answer = await searchProducts(ctx, maybeSignedIn(request), request.body);
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(Buffer.from(answer) as never);
    });

    route(app, catalog.searchCursor, async (request) => cursorForPage(ctx, maybeSignedIn(request), request.body));

    route(app, catalog.productBySku, async (request) =>
      productBySku(ctx.db, maybeSignedIn(request), request.params.sku),
    );

    route(app, catalog.productsByIds, async (request) => ({
      results: await productsByIds(ctx.db, maybeSignedIn(request), request.body.ids),
    }));

    route(app, catalog.productsBySkus, async (request) => ({
      results: await productsBySkus(ctx.db, maybeSignedIn(request), request.body.skus),
    }));

    route(app, catalog.condensedProductsByIds, async (request) => ({
      results: await productsByIds(ctx.db, maybeSignedIn(request), request.body.ids),
    }));

    route(app, catalog.popularProducts, async (request) => ({
      results: await popularProducts(ctx.db, maybeSignedIn(request), request.query.limit),
    }));

    /** Generated product pictures (the demo catalog has no photographs to fetch). */
    route(app, catalog.productImage, async (request, reply) => {
      const name = await productNameBySku(ctx.db, request.params.sku);
      if (!name) throw refuse.notFound(messages.notFound);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(productImageSvg(request.params.sku, name, Number(request.params.file[0])));
    });
  };
