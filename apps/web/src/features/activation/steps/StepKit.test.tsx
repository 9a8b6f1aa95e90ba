import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CommandState } from '../useDeviceCommand.ts';
import { DeviceReachContext, type DeviceReach } from '../useDeviceReach.ts';
import { CommandProgress } from './StepKit.tsx';

const NOW = Date.parse('2026-11-27T21:00:00.000Z');
const reach = (lastWord: string | null): DeviceReach => ({
  lastHeard: null,
  signal: null,
  carrier: null,
  gpsStatus: null,
  lastWord,
});
const withReach = (lastWord: string | null, children: ReactNode) => (
  <DeviceReachContext.Provider value={reach(lastWord)}>{children}</DeviceReachContext.Provider>
);
const stateOf = (phase: CommandState['phase'], overrides: Partial<CommandState> = {}): CommandState => ({
  phase,
  job: null,
  problem: null,
  sentAt: NOW,
  ...overrides,
});
const phaseText = () => document.querySelector('.command-progress-phase')?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('CommandProgress (issue 29 §4: progress that never looks frozen)', () => {
  it('while waiting: the phase, the seconds counting up, what it waits for and the device’s last word, live', () => {
    const { rerender } = render(
      withReach('Status Report', <CommandProgress state={stateOf('sent')} waitingFor="the unit to carry it out" />),
    );
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(phaseText()).toBe('Sent: waiting for the device to answer · 0 s');
    expect(screen.getByText('Waiting for the unit to carry it out.')).toBeTruthy();
    expect(screen.getByText('The device’s last word: Status Report.')).toBeTruthy();

    act(() => void vi.advanceTimersByTime(3_000));
    expect(phaseText()).toBe('Sent: waiting for the device to answer · 3 s');
    expect(screen.queryByText(/Still waiting/)).toBeNull();

    // A new word from the device shows as it comes.
    rerender(
      withReach('Command Result', <CommandProgress state={stateOf('sent')} waitingFor="the unit to carry it out" />),
    );
    expect(screen.getByText('The device’s last word: Command Result.')).toBeTruthy();

    // Past 20 s the installer is told why and what to do.
    act(() => void vi.advanceTimersByTime(17_000));
    expect(phaseText()).toBe('Sent: waiting for the device to answer · 20 s');
    expect(screen.getByText(/Still waiting: units can take up to 30 s/)).toBeTruthy();
  });

  it('sending counts too; without a word from the device yet, none is shown', () => {
    render(withReach(null, <CommandProgress state={stateOf('loading')} />));
    act(() => void vi.advanceTimersByTime(2_000));
    expect(phaseText()).toBe('Sending… · 2 s');
    expect(screen.queryByText(/last word/)).toBeNull();
  });

  it('over: the outcome without seconds or the last word; a failure with its reason; idle draws nothing', () => {
    const { rerender, container } = render(
      withReach('Status Report', <CommandProgress state={stateOf('success')} successText="Armed." />),
    );
    expect(phaseText()).toBe('Armed.');
    expect(screen.queryByText(/last word/)).toBeNull();

    rerender(
      withReach(
        'Status Report',
        <CommandProgress state={stateOf('failed', { problem: 'The device did not answer in time.' })} />,
      ),
    );
    expect(phaseText()).toBe('Failed');
    expect(screen.getByText('The device did not answer in time.')).toBeTruthy();

    rerender(withReach('Status Report', <CommandProgress state={stateOf('idle', { sentAt: null })} />));
    expect(container.innerHTML).toBe('');
  });
});
