import type { FastifyRequest } from 'fastify';
import { messages } from '@portal/contracts';
import type { RateLimitRule } from '../modules/auth/rate-limit.ts';

/** Counts one attempt against a key in the shared rate-limit store; 429 with Retry-After past the rule. */
export type Limit = (key: string, rule: RateLimitRule, detail: string) => Promise<void>;

/**
 * Anonymous forms that use an e-mailed link (set a password, decline an invitation, confirm or cancel
 * an e-mail change): the signed token is the proof, and this bounds how fast anyone may try tokens
 * or replay a form from one address (issue 14 §5). Counted across instances.
 */
export const LINK_FORM_LIMIT: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

/** A route preHandler: one attempt per request from the caller's address under `name`. */
export const limitPerAddress =
  (limit: Limit, name: string, rule: RateLimitRule = LINK_FORM_LIMIT) =>
  async (request: FastifyRequest) => {
    await limit(`${name}:ip:${request.ip}`, rule, messages.attemptLimitForgot);
  };
