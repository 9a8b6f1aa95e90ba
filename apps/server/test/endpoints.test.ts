import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { endpointList, endpoints, pathOf, pathParamsOf, queryStringOf, type Endpoint } from '@portal/contracts';
import { createTestApp, type TestContext } from './helpers.ts';

const registered = vi.hoisted(() => [] as RouteOptions[]);

// Every route the app registers, as it registers it: an onRoute hook on the instance buildApp creates,
// added before any plugin or module is registered.
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<{ default: (options?: object) => FastifyInstance }>();
  const collecting = (options?: object) =>
    original.default(options).addHook('onRoute', (route) => {
      registered.push(route as RouteOptions);
    });
  return { ...original, default: collecting };
});

/** Routes that are not calls of the API: the OpenAPI UI's own pages and the metrics scrape. */
const NOT_CALLS = (url: string) => url === '/metrics' || url === '/api/docs' || url.startsWith('/api/docs/');

const key = (method: string, url: string) => `${method} ${url}`;
const mapped = new Map<string, { name: string; endpoint: Endpoint }>();
for (const entry of endpointList())
  for (const url of [entry.endpoint.path, ...(entry.endpoint.aliases ?? [])])
    mapped.set(key(entry.endpoint.method, url), entry);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // The mock takes effect only where the app's modules load afresh (this file runs isolated: the project
  // server-isolated). Without it nothing is collected, and "every route …" would hold of no route.
  if (registered.length === 0) throw new Error('the fastify mock collected no route: is this file isolated?');
});
afterAll(() => t.close());

/** The app's routes by method and path, without the HEAD routes Fastify adds to every GET. */
function routes() {
  return registered.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ key: key(method, route.url), route })),
  );
}

describe('the endpoint map (contracts) and the server agree (issue 16)', () => {
  it('maps every route the server registers', () => {
    const unmapped = routes()
      .filter(({ route, key }) => !NOT_CALLS(route.url) && !mapped.has(key))
      .map(({ key }) => key);
    expect(unmapped).toEqual([]);
  });

  it('registers every call through route(), so no hand-written route can stand beside the map', () => {
    const byHand = routes()
      .filter(({ route }) => !NOT_CALLS(route.url) && !route.config?.endpoint)
      .map(({ key }) => key);
    expect(byHand).toEqual([]);
  });

  it('registers every endpoint of the map, aliases included', () => {
    const served = new Set(routes().map(({ key }) => key));
    expect([...mapped.keys()].filter((call) => !served.has(call))).toEqual([]);
  });

  it('names each route once', () => {
    const paths = endpointList().flatMap(({ endpoint }) =>
      [endpoint.path, ...(endpoint.aliases ?? [])].map((url) => key(endpoint.method, url)),
    );
    expect(paths.length).toBe(new Set(paths).size);
  });

  it('registers the routes made by route() with the map’s own schemas', () => {
    const fromMap = routes().filter(({ route }) => route.config?.endpoint);
    expect(fromMap.length).toBeGreaterThan(0);
    for (const { key: call, route } of fromMap) {
      const endpoint = mapped.get(call)!.endpoint;
      expect(route.config!.endpoint, call).toBe(endpoint);
      const schema = route.schema as Record<string, unknown> & { response: Record<number, unknown> };
      expect(schema.params, call).toBe(endpoint.params);
      expect(schema.querystring, call).toBe(endpoint.query);
      expect(schema.body, call).toBe(endpoint.body);
      expect(schema.response[endpoint.status ?? 200], call).toBe(endpoint.response);
    }
  });

  it('declares a params schema with exactly the parameters of each path', () => {
    for (const { name, endpoint } of endpointList()) {
      const declared = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(declared, name).toEqual(pathParamsOf(endpoint.path).sort());
    }
  });

  it('builds a call’s path and query the way the server routes it', async () => {
    const token = '00000000-0000-4000-8000-000000000000';
    expect(pathOf(endpoints.cart.addLines, { token })).toBe(`/api/products-checkout/${token}/add-lines`);
    expect(pathOf(endpoints.catalog.productBySku, { sku: 'A/B C' })).toBe('/api/product-by-sku/A%2FB%20C');
    expect(queryStringOf({ limit: 8, promotion: undefined })).toBe('?limit=8');
    expect(queryStringOf({})).toBe('');
    const res = await t.app.inject({ url: pathOf(endpoints.health.live) + queryStringOf({}) });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
