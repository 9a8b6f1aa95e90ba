import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { apiErrorSchema, messages, type ValidationError } from '@portal/contracts';
import { Refusal, STATUS_OF_KIND } from '../refusal.ts';

/** An error whose message is safe to show: answered as `{ detail }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
    /** The failure's kind, answered beside the detail (spec 02 §8: PAYMENT_ERROR…). */
    readonly code?: string,
  ) {
    super(detail);
  }
}

/** A 429 that says when to try again (RFC 9110 Retry-After, whole seconds). */
export const tooManyRequests = (detail: string, retryAfterMs: number) =>
  new HttpError(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/** The 4xx answers a route may give, for its response schema and the OpenAPI document. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  /** A declined payment (spec 02 §8 PAYMENT_ERROR). */
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
} as const;

/** PostgreSQL's codes for characters that text can not hold (NUL in text, \u0000 in jsonb). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** spec 01 §8 shapes: `{ detail }` for one message, `{ validation: [{ field, messages }] }` for fields. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const byField = new Map<string, string[]>();
      for (const issue of error.validation) {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field = where || error.validationContext || 'body';
        byField.set(field, [...(byField.get(field) ?? []), issue.message ?? messages.requiredField]);
      }
      const body: ValidationError = {
        validation: [...byField].map(([field, fieldMessages]) => ({ field, messages: fieldMessages })),
      };
      return reply.status(400).send(body);
    }
    // A rule said no (refusal.ts): the one place a refusal's kind becomes an HTTP status.
    if (error instanceof Refusal) {
      if (error.retryAfterMs !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      const body = error.validation
        ? { validation: error.validation }
        : {
            detail: error.detail,
            ...(error.code && { code: error.code }),
            ...(error.failedItems && { failed_items: error.failedItems }),
          };
      return reply.status(STATUS_OF_KIND[error.kind]).send(body);
    }
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(error.code ? { detail: error.detail, code: error.code } : { detail: error.detail });
    // The database refuses text it can not store (a NUL character): the request's fault, and nothing was written.
    if (UNSTORABLE_TEXT.has(databaseErrorCode(error)))
      return reply.status(400).send({ detail: messages.invalidRequest });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ detail: messages.unexpected });
    }
    // The browser went away while a compressed answer streamed (a page closed, a search typed over): nobody
    // is left to answer, and it is no fault of ours.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && request.raw.socket?.destroyed) {
      request.log.info('the client closed the connection before the answer was sent');
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: messages.unexpected });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): its message is safe.
    return reply.status(status).send({ detail: clientErrorDetail(error) });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ detail: `Route ${request.method} ${request.url.split('?')[0]} not found` }),
  );
}

/** The router's own refusals (Fastify's frameworkErrors) answer in the app's shape too (spec 01 §8: `{ detail }`). */
export function answerRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ detail: messages.malformedUrl });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ detail: messages.urlTooLong });
  return reply.status(500).send({ detail: messages.unexpected });
}

function clientErrorDetail(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'Malformed JSON body';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body is empty';
  return error.message || messages.unexpected;
}

/** The SQLSTATE of a database error, whether the driver's own or wrapped by the query builder. */
function databaseErrorCode(error: unknown): string {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 3; at = (at as Error).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return '';
}
