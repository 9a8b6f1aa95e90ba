import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API: what the server registers and the web client calls by name, so a path or a
 * shape can not drift between them (issue 16). Schemas are the contracts' own (validation, OpenAPI,
 * the client's types); the 4xx error shapes are the same for every call and are not repeated here.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify style: `/api/products-checkout/:token/add-lines`. */
  path: string;
  /** Other paths the same route answers on (the original client's trailing slashes). */
  aliases?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer; absent for a redirect or a route that only refuses. */
  response?: z.ZodType;
  /** The success status when not 200. */
  status?: 201 | 302;
  /** Other answers than the success and the 4xx error shapes, by status (readiness: 503). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  /** What the success answer is when not JSON: a page, a picture, or a redirect (Location). */
  answers?: 'html' | 'svg' | 'redirect';
  /** The answer may set or clear cookies (the session, a remembered device). */
  setsCookies?: true;
  /** A read sent as POST (spec 01 §7 search and lookup calls): never an action for the business. */
  readOnly?: true;
  /** Left out of the OpenAPI document (liveness, readiness). */
  hide?: true;
  summary: string;
  tags: readonly string[];
}

/** Defines an endpoint, keeping its literal method and path and its schemas' own types. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** The schema an endpoint has under `key` ('params', 'query', 'body', 'response'), or undefined. */
export type SchemaAt<E, K extends string> = E extends { [key in K]: infer S extends z.ZodType } ? S : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the caller sends: path parameters, query and body as their schemas accept them. */
export type ParamsOf<E extends Endpoint> = InputOf<SchemaAt<E, 'params'>>;
export type QueryOf<E extends Endpoint> = InputOf<SchemaAt<E, 'query'>>;
export type BodyOf<E extends Endpoint> = InputOf<SchemaAt<E, 'body'>>;
/** What the caller gets back on success (as the server's response schema serializes it). */
export type ResponseOf<E extends Endpoint> =
  SchemaAt<E, 'response'> extends z.ZodType ? z.output<SchemaAt<E, 'response'>> : undefined;

/** The path of a call, its `:name` segments filled in from `params` (each one URI-encoded). */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params?: Readonly<Record<string, unknown>>): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The `:name` parameters of a path, in order. */
export const pathParamsOf = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** `?a=1&b=x` from the defined values of a query object ('' when there are none). */
export function queryStringOf(query?: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  return search.size ? `?${search}` : '';
}
