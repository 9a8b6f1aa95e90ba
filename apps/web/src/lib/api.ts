import type { ApiErrorBody } from '@portal/contracts';
// By subpath, not the package's index: the first page loads no Zod schema just to make a call.
import {
  pathOf,
  queryStringOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@portal/contracts/endpoints/endpoint';
import type { RouteOf } from '@portal/contracts/endpoints/route-table';
import { checkForcedLogout } from './forcedLogout.ts';

/** An answer other than 2xx from our server, with the body the spec's error shapes describe. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.detail ?? `${status} ${statusText}`);
    this.name = 'ApiError';
  }
}

/** Absent when the endpoint has no such schema; optional when every field of it is. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [key in K]?: never }
  : object extends T
    ? { [key in K]?: T }
    : { [key in K]: T };

/** What a call sends: its path parameters, query and body as the endpoint's schemas accept them. */
export type CallInput<E extends Endpoint> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  // A body the schema has is always sent, even when each of its fields may be left out.
  ([BodyOf<E>] extends [undefined] ? { body?: never } : { body: BodyOf<E> }) & {
    signal?: AbortSignal;
    /** Headers a call needs beside the usual ones (complete-b2b-checkout's Idempotency-Key). */
    headers?: Record<string, string>;
  };

/**
 * Calls an endpoint of the contracts' map by name (issue 16): the path is built from `params`
 * (each one URI-encoded), the query from `query`, the method is the endpoint's, and the answer is
 * typed by its response schema. Errors are ApiErrors, and a 401 of a lost session logs out.
 *
 * ```ts
 * call(routes.cart.addLines, { params: { token }, body: { lines } }); // Promise<Checkout>
 * ```
 */
export function call<E extends Endpoint>(
  endpoint: RouteOf<E>,
  ...[input]: object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<ResponseOf<E>> {
  const { params, query, body, signal, headers } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const url = pathOf(endpoint, params) + queryStringOf(query);
  return request(url, endpoint.method, body, signal, endpoint.answers, headers) as Promise<ResponseOf<E>>;
}

/**
 * Headers every call carries while a screen names them: the activation step on screen (X-Activation-Step),
 * so the device calls it makes are recorded under it (issue 29 §5). Set by that screen, cleared when it goes.
 */
let ambientHeaders: Record<string, string> = {};
export function setAmbientHeaders(headers: Record<string, string>) {
  ambientHeaders = headers;
}

/** Same-origin calls; the session cookie rides along, the server decides everything else. */
async function request(
  url: string,
  method: Endpoint['method'],
  body: unknown,
  signal: AbortSignal | undefined,
  answers: Endpoint['answers'],
  extraHeaders: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: {
      ...ambientHeaders,
      ...extraHeaders,
      ...(body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, (data as ApiErrorBody) ?? null);
    checkForcedLogout(error);
    throw error;
  }
  // A page or a picture answers as text; everything else is JSON.
  return answers === 'html' || answers === 'svg' ? text : data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
