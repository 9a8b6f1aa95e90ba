import type { RateLimitOptions } from '@fastify/rate-limit';
import { messages } from '@portal/contracts';
import { tooManyRequests } from './errors.ts';
import type { RateLimitRule } from './rate-limit.ts';

/**
 * Anonymous forms that use an e-mailed link (set a password, decline an invitation, confirm or cancel
 * an e-mail change): the signed token is the proof, and this bounds how fast anyone may try tokens
 * or replay a form from one address (issue 14 §5). Counted across instances.
 */
export const LINK_FORM_LIMIT: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

/**
 * A route's limit per caller address under `name` (plugins/rate-limit.ts counts it in the shared
 * store): `config: { rateLimit: limitPerAddress('contact', rule) }`, or `app.rateLimit(…)` as a
 * preHandler. Routes that give the same name share one count.
 */
export const limitPerAddress = (
  name: string,
  rule: RateLimitRule = LINK_FORM_LIMIT,
  detail: string = messages.attemptLimitForgot,
): RateLimitOptions => ({
  max: rule.limit,
  timeWindow: rule.windowMs,
  keyGenerator: (request) => `${name}:ip:${request.ip}`,
  errorResponseBuilder: (_request, context) => tooManyRequests(detail, context.ttl),
});
