import type { MfaStatus } from '@portal/contracts';
import { formatDateTime } from '@portal/contracts/format';
import { alerts } from '../../../components/alerts.ts';
import { Button } from '../../../components/Button.tsx';
import { useForgetDevice } from '../mfa-api.ts';

/** The browsers that skip the sign-in code, each with a Forget button. */
export function RememberedDevices({ status }: { status: MfaStatus }) {
  const forget = useForgetDevice();
  return (
    <section className="card" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Remembered devices</h2>
      {status.devices.length === 0 ? (
        <p className="empty-state">
          No remembered devices. Tick “Remember this device” when you enter a sign-in code, and that browser skips the
          code for 30 days.
        </p>
      ) : (
        <ul className="device-list">
          {status.devices.map((device) => (
            <li key={device.id}>
              <div>
                <strong>{device.label}</strong>
                {device.current && <span className="badge">This device</span>}
                <p className="device-meta">
                  Last used {formatDateTime(device.lastUsedAt)}
                  {device.ipAddress ? ` from ${device.ipAddress}` : ''}
                </p>
              </div>
              <Button variant="secondary" onClick={() => forget.mutateAsync(device.id).catch(alerts.showError)}>
                Forget<span className="visually-hidden"> {device.label}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
