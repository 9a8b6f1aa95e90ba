import { afterEach, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Staggered } from './Staggered.tsx';

afterEach(() => {
  vi.useRealTimers();
});

it('the first page renders its waiting parts one task each, in order; a part mounted after it renders at once', async () => {
  vi.useFakeTimers();
  render(
    <>
      <p>first view</p>
      <Staggered placeholder={<p>footer soon</p>}>
        <p>footer</p>
      </Staggered>
      <Staggered>
        <p>lower section</p>
      </Staggered>
    </>,
  );
  expect(screen.getByText('first view')).toBeTruthy();
  expect(screen.getByText('footer soon')).toBeTruthy();
  expect(screen.queryByText('lower section')).toBeNull();

  await act(() => vi.advanceTimersToNextTimerAsync());
  expect(screen.getByText('footer')).toBeTruthy();
  expect(screen.queryByText('footer soon')).toBeNull();
  expect(screen.queryByText('lower section')).toBeNull(); // its own task, not the footer's

  await act(() => vi.advanceTimersToNextTimerAsync());
  expect(screen.getByText('lower section')).toBeTruthy();

  render(
    <Staggered>
      <p>after a navigation</p>
    </Staggered>,
  );
  expect(screen.getByText('after a navigation')).toBeTruthy();
});
