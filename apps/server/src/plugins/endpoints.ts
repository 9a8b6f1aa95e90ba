import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, SchemaAt } from '@portal/contracts';
import { errorResponses } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contracts' endpoint this route was registered from (`route()`): its schemas are the map's. */
    endpoint?: Endpoint;
  }
}

/** A module's Fastify instance (FastifyPluginAsyncZod's). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type SuccessStatus<E> = E extends { status: infer S extends number } ? S : 200;
type SuccessResponse<E> = E extends { response: infer R extends z.ZodType } ? { [S in SuccessStatus<E>]: R } : object;
type OtherResponses<E> = E extends { otherResponses: infer O extends object } ? O : object;

/** The Fastify schema of an endpoint: what Fastify validates, serializes, documents and types. */
export interface RouteSchemaOf<E extends Endpoint> {
  tags: readonly string[];
  summary: string;
  hide?: boolean;
  params: SchemaAt<E, 'params'>;
  querystring: SchemaAt<E, 'query'>;
  body: SchemaAt<E, 'body'>;
  response: SuccessResponse<E> & typeof errorResponses & OtherResponses<E>;
}

/** Fastify's route options typed by the endpoint's schema through the Zod type provider. */
type TypedRoute<E extends Endpoint> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;
/**
 * Who may call a route: refuses (401, 403) by throwing, from what is known before the body is read
 * (the actor, the credentials; at most a path id, compared in memory), never from the body or query,
 * nor anything sent passed to the database unvalidated. What it resolves to is unused.
 * plugins/actor.ts has the rules over the actor.
 */
export type Guard = (request: FastifyRequest) => Promise<unknown>;

/** Everything a route may add to its endpoint: its guard, hooks, config, limits. */
export type RouteOptionsOf<E extends Endpoint> = Omit<TypedRoute<E>, 'schema' | 'handler'> & {
  /** Run in order before the body is read (onRequest): see Guard and docs/decisions.md "403 before 400". */
  guard?: Guard | readonly Guard[];
};
/** The handler, with request.params/query/body and the reply typed from the endpoint's schemas. */
export type RouteHandlerOf<E extends Endpoint> = TypedRoute<E>['handler'];

const schemas = new WeakMap<Endpoint, object>();

/** One schema object per endpoint, whichever app instance registers it. */
function routeSchemaOf(endpoint: Endpoint) {
  let schema = schemas.get(endpoint);
  if (!schema) {
    schema = {
      tags: endpoint.tags,
      summary: endpoint.summary,
      ...(endpoint.hide && { hide: true }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: {
        ...(endpoint.response && { [endpoint.status ?? 200]: endpoint.response }),
        ...errorResponses,
        ...endpoint.otherResponses,
      },
    };
    schemas.set(endpoint, schema);
  }
  return schema;
}

/**
 * Registers a route from its endpoint in the contracts' map (issue 16): method, path (and aliases),
 * and the schema (params, querystring, body, the success response and the 4xx error shapes) all come
 * from the map; the route adds only how it is guarded and what it does.
 *
 * ```ts
 * route(app, endpoints.cart.addLines, { guard: requirePermission('purchase', purchaseDenied) }, async (request) =>
 *   service.addLines(signedIn(request), request.params.token, request.body.lines),
 * );
 * ```
 *
 * The guard runs as the route's first onRequest hook, after the app's (which work out the actor): who
 * may call is decided before the body is read, so a caller who may not gets the same 401 or 403
 * whatever they sent, and only a caller who may is told what is wrong with the request (400).
 */
export function route<E extends Endpoint>(app: ZodApp, endpoint: E, handler: RouteHandlerOf<E>): void;
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  options: RouteOptionsOf<E>,
  handler: RouteHandlerOf<E>,
): void;
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  optionsOrHandler: RouteOptionsOf<E> | RouteHandlerOf<E>,
  maybeHandler?: RouteHandlerOf<E>,
): void {
  const [{ guard, ...options }, handler] =
    typeof optionsOrHandler === 'function' ? [{}, optionsOrHandler] : [optionsOrHandler, maybeHandler!];
  const guards = [guard ?? []].flat();
  const onRequest = [...guards, ...[(options as RouteShorthandOptions).onRequest ?? []].flat()];
  const config = {
    ...options.config,
    ...(endpoint.readOnly && { readOnly: true }),
    endpoint,
  };
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    // The schema's types were checked against the handler above; Fastify's own route() can not
    // follow a generic endpoint's schema, so it takes it as a plain one.
    app.route({
      ...(options as RouteShorthandOptions),
      ...(onRequest.length > 0 && { onRequest }),
      method: endpoint.method,
      url,
      config,
      schema: routeSchemaOf(endpoint),
      handler: handler as RouteHandlerMethod,
    });
  }
}
