import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { REFUSAL_CODES } from '@portal/contracts/refusals';
import { ApiError } from './api.ts';
import { useIdempotentSubmit, type KeyedMutation } from './useIdempotentSubmit.ts';

interface Sent {
  amount: number;
  key: string;
}

/** A write answered in turn by `answers` (a value, or an error to throw); it records each key it was sent. */
function setUp(...answers: unknown[]) {
  const keys: string[] = [];
  const mutation: KeyedMutation<Sent, string> = {
    isPending: false,
    mutateAsync: vi.fn(async ({ key }: Sent) => {
      keys.push(key);
      const next = answers[Math.min(keys.length, answers.length) - 1];
      if (next instanceof Error) throw next;
      return String(next);
    }),
  };
  const { result } = renderHook(() => useIdempotentSubmit(mutation, { noAnswer: 'No answer.' }));
  const submit = async (amount: number, fingerprint?: string) => {
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.submit(() => ({ input: { amount }, fingerprint }));
    });
    return outcome;
  };
  return { keys, submit, result };
}

const refusal = () => new ApiError(400, 'Bad Request', { detail: 'No.' });
const noAnswer = () => new TypeError('Failed to fetch');

describe('useIdempotentSubmit', () => {
  it('no answer: the retry of the same contents goes under the same key; other contents under a new one', async () => {
    const { keys, submit } = setUp(noAnswer(), noAnswer(), noAnswer(), 'done');
    const first = await submit(10);
    expect(first).toMatchObject({ kind: 'failed', refusal: { place: 'unsettled', lines: ['No answer.'] } });
    await submit(10);
    expect(keys[1]).toBe(keys[0]);
    await submit(20);
    expect(keys[2]).not.toBe(keys[0]);
    expect(await submit(20)).toEqual({ kind: 'done', input: { amount: 20 }, result: 'done' });
    expect(keys[3]).toBe(keys[2]);
  });

  it('a server failure or IN_PROGRESS keeps the key too', async () => {
    const { keys, submit } = setUp(
      new ApiError(502, 'Bad Gateway', null),
      new ApiError(409, 'Conflict', { detail: 'Wait.', code: REFUSAL_CODES.IN_PROGRESS }),
      'done',
    );
    await submit(10);
    await submit(10);
    await submit(10);
    expect(new Set(keys).size).toBe(1);
  });

  it('after a refusal (4xx) or a success, the same contents get a new key', async () => {
    const { keys, submit } = setUp(refusal(), 'done', 'again');
    expect(await submit(10)).toMatchObject({ kind: 'failed', refusal: { place: 'problem', status: 400 } });
    await submit(10);
    expect(keys[1]).not.toBe(keys[0]);
    await submit(10);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('the fingerprint given decides, not the input', async () => {
    const { keys, submit } = setUp(noAnswer());
    await submit(10, 'attempt-1');
    await submit(11, 'attempt-1');
    await submit(10, 'attempt-2');
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a second submit while one is on its way sends nothing; nothing to send sends nothing', async () => {
    const { keys, result } = setUp('done');
    let release!: () => void;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    const first = result.current.submit(async () => {
      await waiting;
      return { input: { amount: 1 } };
    });
    expect(await result.current.submit(() => ({ input: { amount: 1 } }))).toEqual({ kind: 'skipped' });
    release();
    expect(await first).toMatchObject({ kind: 'done' });
    expect(await result.current.submit(() => null)).toEqual({ kind: 'skipped' });
    expect(keys).toHaveLength(1);
  });
});
