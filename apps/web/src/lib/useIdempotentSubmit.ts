import { useRef } from 'react';
import { placeRefusal, type RefusalOptions, type RefusalPlacement } from './refusals.ts';
import { useAttemptKey } from './uuid.ts';

/** What a submit sends, and what it is told apart by (by default the input itself). */
export interface Submission<I> {
  input: I;
  /**
   * What makes two submits the same attempt: the same fingerprint goes under the same Idempotency-Key, another
   * one under a new key. Defaults to the input as JSON.
   */
  fingerprint?: string;
}

export type SubmitOutcome<I, R, F = never> =
  /** Nothing was sent: a submit was on its way already, or `prepare` found nothing to send. */
  | { kind: 'skipped' }
  | { kind: 'done'; input: I; result: R }
  /** Where the refusal shows (lib/refusals.ts); `unsettled`: a retry goes under the same key. */
  | { kind: 'failed'; input: I; error: unknown; refusal: RefusalPlacement<F> };

/** The write that takes the key: a TanStack mutation whose variables carry it (`{ ...input, key }`). */
export interface KeyedMutation<V extends { key: string }, R> {
  mutateAsync: (variables: V) => Promise<R>;
  isPending: boolean;
}

/**
 * An idempotent submit of anything that acts on the outside world (Place order, Pay, a step of an activation):
 * - one Idempotency-Key per fingerprint of what is sent (lib/uuid.ts `useAttemptKey`): the same contents
 *   go under the same key, changed contents under a new one;
 * - no answer (a network error, a timeout), a server failure or 'still running': the outcome is not known,
 *   so the key is kept and pressing again asks the server what became of the first try (never a second);
 * - a refusal (any other 4xx answer: nothing was done) or a success ends the attempt: the next submit gets
 *   a new key;
 * - a second press while one is on its way (its `prepare` included) sends nothing.
 *
 * `submit(prepare)`: `prepare` runs first (checks, saves the submit waits for) and answers what to send, or
 * null to send nothing; the outcome says how it went and where a refusal shows.
 */
export function useIdempotentSubmit<V extends { key: string }, R, F = never>(
  mutation: KeyedMutation<V, R>,
  options: RefusalOptions<Omit<V, 'key'>, F>,
) {
  type I = Omit<V, 'key'>;
  const attempt = useAttemptKey();
  const submitting = useRef(false);

  async function submit(
    prepare: () => Submission<I> | null | Promise<Submission<I> | null>,
  ): Promise<SubmitOutcome<I, R, F>> {
    if (submitting.current) return { kind: 'skipped' };
    submitting.current = true;
    try {
      // A `prepare` with nothing to wait for sends at once, in the same turn as the press: the render the press
      // causes then already shows the write pending (awaiting it anyway would let that render pass without).
      const prepared = prepare();
      const submission = prepared instanceof Promise ? await prepared : prepared;
      if (!submission) return { kind: 'skipped' };
      const { input } = submission;
      const key = attempt.keyFor(submission.fingerprint ?? JSON.stringify(input));
      try {
        const result = await mutation.mutateAsync({ ...input, key } as V);
        attempt.forget();
        return { kind: 'done', input, result };
      } catch (error) {
        const refusal = placeRefusal(error, input, options);
        if (refusal.place !== 'unsettled') attempt.forget();
        return { kind: 'failed', input, error, refusal };
      }
    } finally {
      submitting.current = false;
    }
  }

  return {
    submit,
    /** The write is on its way (not while `prepare` runs). */
    isPending: mutation.isPending,
  };
}
