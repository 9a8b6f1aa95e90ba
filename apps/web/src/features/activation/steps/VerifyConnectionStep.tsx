import type { Device } from '@portal/contracts/devices';
import { heardAgo, readGps, readSignal } from '../signal.ts';
import { SignalBars } from '../SignalBars.tsx';
import { useDeviceCommand } from '../useDeviceCommand.ts';
import { useReach, type DeviceReach } from '../useDeviceReach.ts';
import { ActionButton, CommandProgress, DoneBefore, OfflineWait } from './StepKit.tsx';
import type { StepProps } from './types.ts';

function connectionSummary(reach: DeviceReach): string {
  const signal = readSignal(reach.signal);
  const gps = readGps(reach.gpsStatus);
  const dbm = reach.signal === null ? '' : ` (${reach.signal} dBm)`;
  return `Signal ${signal.words.toLowerCase()}${dbm}${reach.carrier ? ` on ${reach.carrier}` : ''}; ${
    gps.ok ? 'GPS fix' : 'no GPS fix'
  }`;
}

/** verify-connection (issue 29 §2): cellular signal, carrier, GPS fix and last heard, as an installer reads them. */
export function VerifyConnectionStep({ device, proof, state, finish, online }: StepProps) {
  const reach = useReach();
  const command = useDeviceCommand(device.device_key, proof);
  if (state?.status === 'done') return <DoneBefore state={state} finish={finish} />;

  const signal = readSignal(reach.signal);
  const gps = readGps(reach.gpsStatus);
  const heard = reach.lastHeard !== null;
  const good = heard && signal.bars >= 2 && gps.ok;
  const waiting = command.state.phase === 'loading' || command.state.phase === 'sent';
  return (
    <div className="activation-step">
      <ConnectionFacts device={device} reach={reach} />
      {!heard && <p className="activation-note">The unit has not reported yet: ask it now.</p>}
      {heard && !good && (
        <p className="activation-note">
          {signal.advice ??
            (gps.ok ? '' : 'Without a GPS fix, tracking and Verify GPS will not work until it has one.')}
        </p>
      )}
      <OfflineWait online={online} />
      <div className="activation-actions">
        <ActionButton variant="secondary" disabled={!online || waiting} action={() => command.send('query_status')}>
          Ask the unit now
        </ActionButton>
        <ActionButton
          disabled={!heard}
          action={() => finish({ status: 'done', summary: connectionSummary(reach), data: { ...reach } })}
        >
          {good ? 'Connection is good: continue' : 'Continue anyway'}
        </ActionButton>
      </div>
      <CommandProgress state={command.state} waitingFor="the unit to report its signal and GPS" />
    </div>
  );
}

export function ConnectionFacts({ device, reach }: { device: Pick<Device, 'online'>; reach: DeviceReach }) {
  const signal = readSignal(reach.signal);
  const gps = readGps(reach.gpsStatus);
  return (
    <dl className="connection-facts">
      <div>
        <dt>Cellular signal</dt>
        <dd>
          <SignalBars reading={signal} /> {signal.words}
          {reach.signal !== null && <span className="muted"> ({reach.signal} dBm)</span>}
        </dd>
      </div>
      <div>
        <dt>Carrier</dt>
        <dd>{reach.carrier ?? 'Not reported yet'}</dd>
      </div>
      <div>
        <dt>GPS</dt>
        <dd className={gps.ok ? 'is-good' : 'is-bad'}>{gps.words}</dd>
      </div>
      <div>
        <dt>Last heard</dt>
        <dd>
          {heardAgo(reach.lastHeard)}
          {device.online ? '' : ' (the cloud shows it offline)'}
        </dd>
      </div>
    </dl>
  );
}
