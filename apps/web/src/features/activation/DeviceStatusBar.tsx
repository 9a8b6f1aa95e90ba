import { useEffect, useState } from 'react';
import type { Device } from '@portal/contracts/devices';
import { heardAgo, readSignal } from './signal.ts';
import { SignalBars } from './SignalBars.tsx';
import type { DeviceReach } from './useDeviceReach.ts';

export const OFFLINE_NOTICE = 'You are offline. This step will wait until the connection is back.';

/**
 * Above every step (issue 29 §4): whether the unit can be reached before a command is sent — online, last
 * heard, signal bars and carrier — so the installer knows whether to wait or move the car; and this phone's
 * own connection when it is lost.
 */
export function DeviceStatusBar({ device, reach, online }: { device: Device; reach: DeviceReach; online: boolean }) {
  const signal = readSignal(reach.signal);
  // "Last heard" moves on by itself: 12 s ago becomes 13 s ago.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const heard = reach.lastHeard ? Date.parse(reach.lastHeard) : null;
  const recentlyHeard = heard !== null && now - heard < 5 * 60_000;
  const reachable = device.online || recentlyHeard;
  return (
    <section className="device-status" aria-label="Device status">
      {!online && (
        <p className="device-status-offline" role="alert">
          {OFFLINE_NOTICE}
        </p>
      )}
      <dl className="device-status-facts">
        <div>
          <dt>Device</dt>
          <dd>
            {device.product} · {device.device_key}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className={reachable ? 'is-good' : 'is-bad'}>{reachable ? 'Online' : 'Not answering'}</dd>
        </div>
        <div>
          <dt>Last heard</dt>
          <dd>{heardAgo(reach.lastHeard, now)}</dd>
        </div>
        <div>
          <dt>Signal</dt>
          <dd>
            <SignalBars reading={signal} /> {signal.words}
            {reach.carrier ? ` · ${reach.carrier}` : ''}
          </dd>
        </div>
      </dl>
      {signal.advice && <p className="device-status-advice">{signal.advice}</p>}
    </section>
  );
}
