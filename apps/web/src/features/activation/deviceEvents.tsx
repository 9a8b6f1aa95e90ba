import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** One event of a device's stream (GET /api/device/:key/events): its id, type and JSON data. */
export interface DeviceEvent {
  id: number;
  type: 'job' | 'test' | 'firmware' | 'log' | 'shadow';
  data: Record<string, unknown>;
}
type Listener = (event: DeviceEvent) => void;

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'unavailable';

interface DeviceEventsValue {
  subscribe: (listener: Listener) => () => void;
  state: StreamState;
}

const DeviceEventsContext = createContext<DeviceEventsValue>({ subscribe: () => () => {}, state: 'unavailable' });

const EVENT_TYPES: DeviceEvent['type'][] = ['job', 'test', 'firmware', 'log', 'shadow'];
/** After the browser gave up on the stream (a 4xx, a server restart), how long before opening it again. */
const REOPEN_MS = 3_000;

/**
 * One stream of the device's events for the whole page (the server allows a few per person): the status bar
 * and the step listen to it. EventSource reconnects by itself with Last-Event-ID; when it gives up, the
 * stream is opened again with `after` = the last event seen, so nothing between is lost.
 */
export function DeviceEventsProvider({
  deviceKey,
  proof,
  online,
  children,
}: {
  deviceKey: string;
  proof: string | null;
  online: boolean;
  children: ReactNode;
}) {
  const listeners = useRef(new Set<Listener>());
  const lastId = useRef<number | null>(null);
  const [state, setState] = useState<StreamState>('connecting');
  const [value] = useState<Omit<DeviceEventsValue, 'state'>>(() => ({
    subscribe: (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  }));

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setState('unavailable');
      return;
    }
    if (!online) {
      setState('reconnecting');
      return;
    }
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      const query = new URLSearchParams();
      if (proof) query.set('iccid_last_digits', proof);
      if (lastId.current !== null) query.set('after', String(lastId.current));
      const qs = query.toString();
      source = new EventSource(`/api/device/${encodeURIComponent(deviceKey)}/events${qs ? `?${qs}` : ''}`);
      source.onopen = () => setState('open');
      source.onerror = () => {
        if (!source || source.readyState !== EventSource.CLOSED) {
          setState('reconnecting');
          return;
        }
        source = null;
        setState('reconnecting');
        if (!stopped) timer = setTimeout(open, REOPEN_MS);
      };
      for (const type of EVENT_TYPES)
        source.addEventListener(type, (message) => {
          const { data, lastEventId } = message as MessageEvent<string>;
          const id = Number(lastEventId);
          if (Number.isSafeInteger(id)) lastId.current = Math.max(lastId.current ?? 0, id);
          let parsed: Record<string, unknown>;
          try {
            parsed = JSON.parse(data) as Record<string, unknown>;
          } catch {
            return;
          }
          for (const listener of listeners.current) listener({ id, type, data: parsed });
        });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      (source as EventSource | null)?.close();
    };
  }, [deviceKey, proof, online]);

  return <DeviceEventsContext.Provider value={{ ...value, state }}>{children}</DeviceEventsContext.Provider>;
}

/** Calls `listener` with each event of the page's device (the latest listener, without re-subscribing). */
export function useDeviceEvents(listener: Listener) {
  const { subscribe } = useContext(DeviceEventsContext);
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => subscribe((event) => current.current(event)), [subscribe]);
}

export const useDeviceStreamState = () => useContext(DeviceEventsContext).state;
