import type { ValidationError } from '@portal/contracts';

/**
 * What a rule answers when it says no, in the words of the domain (CONVENTIONS "Refusals, not HTTP, in
 * services"): services, jobs and the device simulator throw these; `plugins/errors.ts` alone turns a
 * kind into an HTTP status. A refusal's detail is safe to show a person.
 */
export type RefusalKind =
  /** The request can not be done as asked (400). */
  | 'invalid'
  /** Nobody is signed in, or the proof of who they are failed (401). */
  | 'unauthenticated'
  /** The outside world said no: a card declined (402). */
  | 'declined'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** Nothing of that id is the caller's to see (404). */
  | 'not_found'
  /** The state of things does not allow it now (409). */
  | 'conflict'
  /** Well formed but not acceptable (422). */
  | 'unprocessable'
  /** Too many tries; `retryAfterMs` says when to come back (429). */
  | 'limited'
  /** A part the answer needs is out of service for now (the VIN decoder warming up) (503). */
  | 'unavailable';

export interface RefusalOptions {
  /** A stable code the web branches on (contracts `REFUSAL_CODES`). */
  code?: string;
  /** Field errors: answered as `{ validation }`. */
  validation?: ValidationError['validation'];
  /** For 'limited': when a new try may succeed. */
  retryAfterMs?: number;
  /** The lines of a purchase that could not be bought, by device (spec 02 §3 failed cart item). */
  failedItems?: { device_key: string; detail: string }[];
}

export class Refusal extends Error {
  readonly code?: string;
  readonly validation?: ValidationError['validation'];
  readonly retryAfterMs?: number;
  readonly failedItems?: { device_key: string; detail: string }[];

  constructor(
    readonly kind: RefusalKind,
    readonly detail: string,
    options: RefusalOptions = {},
  ) {
    super(detail);
    this.name = 'Refusal';
    this.code = options.code;
    this.validation = options.validation;
    this.retryAfterMs = options.retryAfterMs;
    this.failedItems = options.failedItems;
  }
}

/** One line a refusal: `throw refuse.notFound(BILLING_TEXTS.invoiceNotFound)`. */
export const refuse = {
  invalid: (detail: string, code?: string) => new Refusal('invalid', detail, { code }),
  unauthenticated: (detail: string, code?: string) => new Refusal('unauthenticated', detail, { code }),
  declined: (detail: string, code?: string) => new Refusal('declined', detail, { code }),
  forbidden: (detail: string, code?: string) => new Refusal('forbidden', detail, { code }),
  notFound: (detail: string, code?: string) => new Refusal('not_found', detail, { code }),
  conflict: (detail: string, code?: string) => new Refusal('conflict', detail, { code }),
  unprocessable: (detail: string, code?: string) => new Refusal('unprocessable', detail, { code }),
  limited: (detail: string, retryAfterMs: number) => new Refusal('limited', detail, { retryAfterMs }),
  unavailable: (detail: string) => new Refusal('unavailable', detail),
  /** Some lines of a purchase can not be bought: each by device, with why (422). */
  lines: (detail: string, failedItems: { device_key: string; detail: string }[]) =>
    new Refusal('unprocessable', detail, { failedItems }),
  /** Field errors found past the request's schema (an amount over what is owed). */
  fields: (validation: ValidationError['validation']) =>
    new Refusal('invalid', validation.map((v) => `${v.field}: ${v.messages.join(' ')}`).join('; '), { validation }),
};

/** The HTTP status of each kind: read by plugins/errors.ts, and by nothing in a service. */
export const STATUS_OF_KIND: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  limited: 429,
  unavailable: 503,
};

/** The kind of a stored failure written before kinds existed (it kept the HTTP status). */
export function kindOfStatus(status: number): RefusalKind {
  const found = (Object.entries(STATUS_OF_KIND) as [RefusalKind, number][]).find(([, s]) => s === status);
  return found ? found[0] : 'invalid';
}
