import { isPaymentMethodRefusal, REFUSAL_CODES } from '@portal/contracts/refusals';
import { ApiError } from './api.ts';
import { alertLinesFor } from './errors.ts';

/** A field error of a `{ validation }` answer, under the form's own name for the field. */
export interface FieldRefusal<F> {
  field: F;
  message: string;
}

/** What every answered refusal carries: the HTTP status, the stable code (if any) and the alert's lines. */
interface Answered {
  status: number;
  code: string | undefined;
  /** The answer's `detail` as sent ('' when it has none). */
  detail: string;
  /** The lines an alert shows for the whole answer (lib/errors.ts `alertLinesFor`). */
  lines: string[];
}

/**
 * Where an error after a submit shows (CONVENTIONS "Refusals, not HTTP, in services": the web branches on
 * `code`, never on the text):
 * - `unsettled`: no answer came, the server failed (5xx) or the first try is still running: the outcome is
 *   not known, the page's problem area says so, and a retry goes under the same Idempotency-Key;
 * - `paymentMethod`: about how it is paid (contracts `isPaymentMethodRefusal`, or a decline, PAYMENT_ERROR):
 *   under the payment or method choice; `declined` when the processor said no to the method chosen;
 * - `fields`: a `{ validation }` answer, each entry under its field when `fieldOf` names one; `rest` are the
 *   lines of the entries no field holds;
 * - `problem`: anything else, in the page's problem area (a page may first act on a `code` of its own).
 */
export type RefusalPlacement<F = never> =
  | { place: 'unsettled'; lines: string[] }
  | ({ place: 'paymentMethod'; declined: boolean } & Answered)
  | ({ place: 'fields'; fields: FieldRefusal<F>[]; rest: string[] } & Answered)
  | ({ place: 'problem' } & Answered);

export interface RefusalOptions<I, F = never> {
  /** What the person reads when no answer came (the outcome is not known; pressing again is safe). */
  noAnswer: string;
  /** The form's field a `{ validation }` entry is about, given what was sent; null when none holds it. */
  fieldOf?: (field: string, input: I) => F | null;
}

/** The outcome of the try is not known: no answer, a server failure, or the first try still running. */
export const isUnsettled = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status >= 500 || error.body?.code === REFUSAL_CODES.IN_PROGRESS;

/** Decides where an error after a submit of `input` shows (see RefusalPlacement). */
export function placeRefusal<I, F = never>(
  error: unknown,
  input: I,
  options: RefusalOptions<I, F>,
): RefusalPlacement<F> {
  if (isUnsettled(error))
    return { place: 'unsettled', lines: error instanceof ApiError ? alertLinesFor(error) : [options.noAnswer] };
  const apiError = error as ApiError;
  const answered: Answered = {
    status: apiError.status,
    code: apiError.body?.code,
    detail: apiError.body?.detail ?? '',
    lines: alertLinesFor(error),
  };
  if (answered.code === REFUSAL_CODES.PAYMENT_ERROR || isPaymentMethodRefusal(answered.code))
    return { place: 'paymentMethod', declined: answered.code === REFUSAL_CODES.PAYMENT_ERROR, ...answered };
  const validation = apiError.body?.validation;
  if (validation?.length) {
    const fields: FieldRefusal<F>[] = [];
    const unplaced: typeof validation = [];
    for (const entry of validation) {
      const field = options.fieldOf?.(entry.field, input) ?? null;
      if (field === null) unplaced.push(entry);
      else fields.push({ field, message: entry.messages[0] ?? '' });
    }
    const rest = unplaced.length ? alertLinesFor({ message: { validation: unplaced } }) : [];
    return { place: 'fields', fields, rest, ...answered };
  }
  return { place: 'problem', ...answered };
}
