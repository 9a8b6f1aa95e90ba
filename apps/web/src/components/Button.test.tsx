import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BUTTON_CHECKMARK_MS } from '@portal/contracts/constants';
import { Button } from './Button.tsx';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const button = () => screen.getByRole<HTMLButtonElement>('button');
const label = () => screen.getByText('Save');
const done = () => screen.queryByRole('status', { name: 'Done' });

function expectIdle() {
  expect(button().disabled).toBe(false);
  expect(button().getAttribute('aria-busy')).toBeNull();
  expect(label().className).not.toContain('is-hidden');
  expect(done()).toBeNull();
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Button (spec 01 §4: loader, then a one-second checkmark)', () => {
  it('shows busy while an async onClick is pending, Done for BUTTON_CHECKMARK_MS, then the label', async () => {
    expect(BUTTON_CHECKMARK_MS).toBe(1000);
    const pending = deferred();
    const onClick = vi.fn(() => pending.promise);
    render(<Button onClick={onClick}>Save</Button>);
    expectIdle();

    act(() => {
      fireEvent.click(button());
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().disabled).toBe(true);
    expect(label().className).toContain('is-hidden');
    expect(done()).toBeNull();

    await act(async () => {
      pending.resolve();
    });
    expect(done()).not.toBeNull();
    expect(button().getAttribute('aria-busy')).toBeNull();
    expect(label().className).toContain('is-hidden');

    act(() => {
      vi.advanceTimersByTime(BUTTON_CHECKMARK_MS - 1);
    });
    expect(done()).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expectIdle();
  });

  it('a rejected promise returns to idle without the checkmark', async () => {
    const pending = deferred();
    render(<Button onClick={() => pending.promise}>Save</Button>);

    act(() => {
      fireEvent.click(button());
    });
    expect(button().getAttribute('aria-busy')).toBe('true');

    await act(async () => {
      pending.reject(new Error('Card declined'));
    });
    expectIdle();

    act(() => {
      vi.advanceTimersByTime(BUTTON_CHECKMARK_MS * 2);
    });
    expectIdle();
  });

  it('a synchronous onClick shows neither loader nor checkmark', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    act(() => {
      fireEvent.click(button());
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    expectIdle();
  });

  it('the loading prop shows the busy state', () => {
    render(<Button loading>Save</Button>);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().disabled).toBe(true);
  });

  it('the succeeded prop shows the checkmark for BUTTON_CHECKMARK_MS', () => {
    render(<Button succeeded>Save</Button>);
    expect(done()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(BUTTON_CHECKMARK_MS);
    });
    expectIdle();
  });
});
