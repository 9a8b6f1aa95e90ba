import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { DeviceStatusBar, OFFLINE_NOTICE } from './DeviceStatusBar.tsx';
import { dr5400 } from './testFixtures.ts';
import type { DeviceReach } from './useDeviceReach.ts';

const NOW = Date.parse('2026-11-27T21:00:00.000Z');
const secondsAgo = (s: number) => new Date(NOW - s * 1_000).toISOString();
const reachOf = (overrides: Partial<DeviceReach> = {}): DeviceReach => ({
  lastHeard: null,
  signal: null,
  carrier: null,
  gpsStatus: null,
  lastWord: null,
  ...overrides,
});

/** The value beside a term of the bar's facts ('Status' → 'Online'). */
const fact = (term: string) => {
  const bar = screen.getByRole('region', { name: 'Device status' });
  const dt = within(bar).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('the device status bar (issue 29 §4: can the unit be reached before a command is sent)', () => {
  it('an online unit heard 12 s ago with a good signal: online, last heard ticking on, bars, word and carrier', () => {
    render(
      <DeviceStatusBar
        device={dr5400}
        reach={reachOf({ lastHeard: secondsAgo(12), signal: -80, carrier: 'Verizon' })}
        online
      />,
    );
    expect(fact('Device').textContent).toBe('DR5400 · 10230000235');
    expect(fact('Status').textContent).toBe('Online');
    expect(fact('Status').className).toBe('is-good');
    expect(fact('Last heard').textContent).toBe('12 s ago');
    expect(fact('Signal').textContent).toBe(' Good · Verizon');
    expect(fact('Signal').querySelector('.signal-bars')?.getAttribute('data-bars')).toBe('3');
    expect(fact('Signal').querySelectorAll('.signal-bar.is-on')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.device-status-advice')).toBeNull();

    // "Last heard" moves on by itself, every 5 s.
    act(() => void vi.advanceTimersByTime(5_000));
    expect(fact('Last heard').textContent).toBe('17 s ago');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(fact('Last heard').textContent).toBe('1 min ago');
  });

  it('a unit the cloud has offline counts as online while heard in the last 5 minutes, then not answering', () => {
    const offline = { ...dr5400, online: false };
    render(<DeviceStatusBar device={offline} reach={reachOf({ lastHeard: secondsAgo(4 * 60 + 50) })} online />);
    expect(fact('Status').textContent).toBe('Online');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(fact('Status').textContent).toBe('Not answering');
    expect(fact('Status').className).toBe('is-bad');
  });

  it('never heard and offline: not answering, never, no signal reported yet', () => {
    render(<DeviceStatusBar device={{ ...dr5400, online: false }} reach={reachOf()} online />);
    expect(fact('Status').textContent).toBe('Not answering');
    expect(fact('Last heard').textContent).toBe('never');
    expect(fact('Signal').textContent).toBe(' Not reported yet');
    expect(fact('Signal').querySelectorAll('.signal-bar.is-on')).toHaveLength(0);
  });

  it('a weak signal says what to do about it', () => {
    render(<DeviceStatusBar device={dr5400} reach={reachOf({ lastHeard: secondsAgo(2), signal: -108 })} online />);
    expect(fact('Signal').textContent).toBe(' Weak');
    expect(fact('Last heard').textContent).toBe('just now');
    expect(document.querySelector('.device-status-advice')?.textContent).toBe(
      'Commands may be slow or fail: move the car out of the bay if you can.',
    );
  });

  it('this phone offline: said at once, as an alert', () => {
    render(<DeviceStatusBar device={dr5400} reach={reachOf()} online={false} />);
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_NOTICE);
  });
});
