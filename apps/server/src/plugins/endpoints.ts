import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
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
/** Everything a route may add to its endpoint: guards (preHandler, preValidation), config, limits. */
export type RouteOptionsOf<E extends Endpoint> = Omit<TypedRoute<E>, 'schema' | 'handler'>;
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
 * route(app, endpoints.cart.addLines, { preHandler: requirePermission('purchase') }, async (request) =>
 *   service.addLines(actor, request.params.token, request.body.lines),
 * );
 * ```
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
  const [options, handler] =
    typeof optionsOrHandler === 'function' ? [{}, optionsOrHandler] : [optionsOrHandler, maybeHandler!];
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
      method: endpoint.method,
      url,
      config,
      schema: routeSchemaOf(endpoint),
      handler: handler as RouteHandlerMethod,
    });
  }
}
