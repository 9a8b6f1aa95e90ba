import { alertLinesFor } from '../lib/errors.ts';
import { createStore } from './store.ts';

/** spec 01 §3 alert: id, type (default error), content lines, optional action, autoDismiss, timeout. */
export interface Alert {
  id: number;
  type: 'error' | 'success' | 'info' | 'warning';
  content: string[];
  action?: { text: string; onClick: () => void };
  autoDismiss: boolean;
  timeout: number;
}

export type AlertInput = Partial<Omit<Alert, 'id' | 'content'>> & { content: string | string[] };

const DEFAULT_TIMEOUT_MS = 6000;
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
export const alertStore = createStore<Alert[]>([]);

export const alerts = {
  show(input: AlertInput): number {
    const alert: Alert = {
      id: nextId++,
      type: input.type ?? 'error',
      content: typeof input.content === 'string' ? [input.content] : input.content,
      action: input.action,
      autoDismiss: input.autoDismiss ?? input.type === 'success',
      timeout: input.timeout ?? DEFAULT_TIMEOUT_MS,
    };
    alertStore.set((list) => [...list, alert]);
    if (alert.autoDismiss)
      timers.set(
        alert.id,
        setTimeout(() => alerts.dismiss(alert.id), alert.timeout),
      );
    return alert.id;
  },
  /** An error as the spec's alert lines (spec 01 §8): the one way screens report a failed call. */
  showError(error: unknown): number {
    return alerts.show({ content: alertLinesFor(error) });
  },
  dismiss(id: number) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    alertStore.set((list) => list.filter((a) => a.id !== id));
  },
  clear() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    if (alertStore.get().length) alertStore.set([]);
  },
};
