import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore, alerts } from './alerts.ts';

beforeEach(() => {
  vi.useFakeTimers();
  alerts.clear();
});

afterEach(() => {
  alerts.clear();
  vi.useRealTimers();
});

const ids = () => alertStore.get().map((a) => a.id);

describe('alerts (spec 01 §3, §4)', () => {
  it('show defaults the type to error and wraps a string in content lines', () => {
    const id = alerts.show({ content: 'Card declined' });
    expect(alertStore.get()).toEqual([
      expect.objectContaining({ id, type: 'error', content: ['Card declined'], autoDismiss: false }),
    ]);
  });

  it('keeps a list of lines as given, and the type when given', () => {
    alerts.show({ type: 'warning', content: ['first line', 'second line'] });
    expect(alertStore.get()[0]).toMatchObject({ type: 'warning', content: ['first line', 'second line'] });
  });

  it('gives every alert its own id and keeps them in order', () => {
    const a = alerts.show({ content: 'a' });
    const b = alerts.show({ content: 'b' });
    expect(a).not.toBe(b);
    expect(ids()).toEqual([a, b]);
  });

  it('notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = alertStore.subscribe(listener);
    alerts.show({ content: 'x' });
    unsubscribe();
    expect(listener).toHaveBeenCalled();
  });

  it('autoDismiss removes the alert after its timeout', () => {
    const id = alerts.show({ content: 'Saved', type: 'info', autoDismiss: true, timeout: 3000 });
    vi.advanceTimersByTime(2999);
    expect(ids()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('success alerts auto-dismiss by default', () => {
    const id = alerts.show({ type: 'success', content: 'Saved', timeout: 2000 });
    expect(alertStore.get()[0]).toMatchObject({ id, autoDismiss: true });
    vi.advanceTimersByTime(2000);
    expect(ids()).toEqual([]);
  });

  it('success alerts auto-dismiss after the default timeout too', () => {
    alerts.show({ type: 'success', content: 'Saved' });
    const { timeout } = alertStore.get()[0]!;
    expect(timeout).toBeGreaterThan(0);
    vi.advanceTimersByTime(timeout);
    expect(ids()).toEqual([]);
  });

  it('a success alert with autoDismiss false stays', () => {
    const id = alerts.show({ type: 'success', content: 'Saved', autoDismiss: false, timeout: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(ids()).toEqual([id]);
  });

  it('error alerts stay until closed', () => {
    const id = alerts.show({ content: 'Card declined', timeout: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(ids()).toEqual([id]);
  });

  it('dismiss removes only that alert and cancels its timer', () => {
    const a = alerts.show({ content: 'a', autoDismiss: true, timeout: 1000 });
    const b = alerts.show({ content: 'b' });
    alerts.dismiss(a);
    expect(ids()).toEqual([b]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an alert closed by hand before its timeout does not take another with it', () => {
    const a = alerts.show({ content: 'a', type: 'success', timeout: 1000 });
    alerts.dismiss(a);
    const b = alerts.show({ content: 'b', type: 'success', timeout: 5000 });
    vi.advanceTimersByTime(1000);
    expect(ids()).toEqual([b]);
  });

  it('clear removes every alert and cancels every timer', () => {
    alerts.show({ content: 'a' });
    alerts.show({ content: 'b', type: 'success' });
    alerts.show({ content: 'c', autoDismiss: true, timeout: 500 });
    alerts.clear();
    expect(alertStore.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clear on an empty list does not notify', () => {
    const listener = vi.fn();
    const unsubscribe = alertStore.subscribe(listener);
    alerts.clear();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });
});
