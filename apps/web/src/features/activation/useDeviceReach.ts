import { createContext, useContext, useEffect, useState } from 'react';
import type { Device } from '@portal/contracts/devices';
import { deviceCalls } from './api.ts';
import { useDeviceEvents } from './deviceEvents.tsx';

/** What the status bar and verify-connection show: the device's last word as its log and events tell it. */
export interface DeviceReach {
  lastHeard: string | null;
  signal: number | null;
  carrier: string | null;
  gpsStatus: string | null;
  /** The device's last word, in words ('Status Report', 'Command Result'…). */
  lastWord: string | null;
}

const empty: DeviceReach = { lastHeard: null, signal: null, carrier: null, gpsStatus: null, lastWord: null };

/** The device's latest log entry, then every log and job event of the stream on top of it. */
export function useDeviceReach(device: Pick<Device, 'device_key'>, proof: string | null): DeviceReach {
  const [reach, setReach] = useState<DeviceReach>(empty);

  useEffect(() => {
    const controller = new AbortController();
    deviceCalls
      .latestLog(device.device_key, proof, controller.signal)
      .then(({ results }) => {
        const log = results[0];
        if (!log) return;
        setReach((now) =>
          now.lastHeard && now.lastHeard > log.timestamp
            ? now
            : {
                lastHeard: log.timestamp,
                signal: log.cellular_signal_strength,
                carrier: log.carrier,
                gpsStatus: log.gps_status,
                lastWord: log.description,
              },
        );
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [device.device_key, proof]);

  useDeviceEvents((event) => {
    const data = event.data;
    if (event.type === 'log') {
      setReach({
        lastHeard: typeof data.timestamp === 'string' ? data.timestamp : new Date().toISOString(),
        signal: typeof data.cellular_signal_strength === 'number' ? data.cellular_signal_strength : null,
        carrier: typeof data.carrier === 'string' ? data.carrier : null,
        gpsStatus: typeof data.gps_status === 'string' ? data.gps_status : null,
        lastWord: typeof data.description === 'string' ? data.description : null,
      });
    } else if ((event.type === 'job' || event.type === 'test') && typeof data.started_at === 'string') {
      // The device picked a command up: it was heard, even before its log arrives.
      const at = typeof data.finished_at === 'string' ? data.finished_at : data.started_at;
      setReach((now) => ({ ...now, lastHeard: !now.lastHeard || at > now.lastHeard ? at : now.lastHeard }));
    }
  });

  return reach;
}

/** The page's one reading (the stepper computes it; a step reads it without asking the server again). */
export const DeviceReachContext = createContext<DeviceReach>(empty);
export const useReach = () => useContext(DeviceReachContext);
