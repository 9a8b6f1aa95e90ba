import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DeviceReachContext } from '../../useDeviceReach.ts';
import { ActionStatus } from './ui.tsx';

const NOW = Date.parse('2026-11-27T21:00:00.000Z');
const reach = {
  lastHeard: null,
  signal: null,
  carrier: null,
  gpsStatus: null,
  lastWord: 'KeyLocker Status',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('a settings step’s ActionStatus (issue 29 §4)', () => {
  it('while the device has not answered: the seconds and the device’s last word; once done, neither', () => {
    const { rerender } = render(
      <DeviceReachContext.Provider value={reach}>
        <ActionStatus state={{ phase: 'sent', message: null, since: NOW }} />
      </DeviceReachContext.Provider>,
    );
    act(() => void vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('status').textContent).toBe('Sent. Waiting for the device to answer… 4 s');
    expect(screen.getByText('The device’s last word: KeyLocker Status.')).toBeTruthy();

    rerender(
      <DeviceReachContext.Provider value={reach}>
        <ActionStatus state={{ phase: 'success', message: null }} successText="Master PIN set on the KeyLocker." />
      </DeviceReachContext.Provider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Master PIN set on the KeyLocker.');
    expect(screen.queryByText(/last word/)).toBeNull();
  });

  it('no word from the device yet: none is shown', () => {
    render(<ActionStatus state={{ phase: 'loading', message: null, since: NOW }} />);
    expect(screen.getByRole('status').textContent).toBe('Sending…');
    expect(screen.queryByText(/last word/)).toBeNull();
  });
});
