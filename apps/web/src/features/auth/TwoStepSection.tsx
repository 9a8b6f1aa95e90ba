import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhone, type EnableTotpResponse, type MfaStatus } from '@portal/contracts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { CodeField } from '../../components/form/CodeField.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { Spinner } from '../../components/icons.tsx';
import { alertLinesFor } from '../../lib/errors.ts';
import { clearClientStores } from '../../lib/clientStores.ts';
import {
  useConfirmSms,
  useConfirmTotp,
  useDisableMfa,
  useEnableSms,
  useEnableTotp,
  useForgetDevice,
  useMfaStatus,
  useSendDisableCode,
} from './mfa-api.ts';

type Mode = 'idle' | 'totp' | 'sms' | 'disable';

const describe = (status: MfaStatus) =>
  status.mfaType === 'totp'
    ? 'On: a code from your authenticator app.'
    : status.mfaType === 'sms'
      ? `On: a code by text message to ${status.phone ?? 'your phone'}.`
      : 'Off: only your password protects this account.';

/** Two-step verification and remembered devices in /profile (issue 3 §4). */
export function TwoStepSection() {
  const status = useMfaStatus();
  const [mode, setMode] = useState<Mode>('idle');
  if (status.isPending) {
    return (
      <section className="card" aria-labelledby="mfa-heading" aria-busy="true">
        <h2 id="mfa-heading">Two-step verification</h2>
        <p className="centered-status">
          <Spinner label="Loading" />
        </p>
      </section>
    );
  }
  if (status.error) {
    return (
      <section className="card" aria-labelledby="mfa-heading">
        <h2 id="mfa-heading">Two-step verification</h2>
        <p>{alertLinesFor(status.error).join(' ')}</p>
      </section>
    );
  }
  const current = status.data;
  const done = () => setMode('idle');
  return (
    <>
      <section className="card" aria-labelledby="mfa-heading">
        <h2 id="mfa-heading">Two-step verification</h2>
        <p className="mfa-state">{describe(current)}</p>
        {mode === 'idle' && current.mfaType === 'none' && (
          <div className="button-row">
            <Button variant="secondary" onClick={() => setMode('totp')}>
              Use an authenticator app
            </Button>
            <Button variant="secondary" onClick={() => setMode('sms')}>
              Use text messages
            </Button>
          </div>
        )}
        {mode === 'idle' && current.mfaType !== 'none' && (
          <Button variant="secondary" onClick={() => setMode('disable')}>
            Turn off two-step verification
          </Button>
        )}
        {mode === 'totp' && <EnableTotp onDone={done} />}
        {mode === 'sms' && <EnableSms onDone={done} />}
        {mode === 'disable' && <Disable status={current} onCancel={done} />}
      </section>
      <RememberedDevices status={current} />
    </>
  );
}

function PasswordStep({
  onSubmit,
  busy,
  action,
}: {
  onSubmit: (password: string) => void;
  busy: boolean;
  action: string;
}) {
  const [password, setPassword] = useState('');
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(password);
      }}
    >
      <div className="field">
        <label htmlFor="mfa-password">Current password</label>
        <input
          id="mfa-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <Button type="submit" loading={busy}>
        {action}
      </Button>
    </form>
  );
}

function CodeStep({
  onSubmit,
  busy,
  action,
  label,
}: {
  onSubmit: (code: string) => void;
  busy: boolean;
  action: string;
  label: string;
}) {
  const [code, setCode] = useState('');
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <CodeField id="mfa-code" label={label} value={code} onChange={setCode} />
      <Button type="submit" loading={busy}>
        {action}
      </Button>
    </form>
  );
}

function EnableTotp({ onDone }: { onDone: () => void }) {
  const enable = useEnableTotp();
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<EnableTotpResponse | null>(null);
  if (!setup) {
    return (
      <PasswordStep
        action="Continue"
        busy={enable.isPending}
        onSubmit={(password) => enable.mutateAsync({ password }).then(setSetup, alerts.showError)}
      />
    );
  }
  return (
    <div className="mfa-setup">
      <ol className="steps">
        <li>
          Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and add an account.
        </li>
        <li>Scan this code, or type the key by hand.</li>
      </ol>
      <QrCode value={setup.totpURI} label="QR code for your authenticator app" />
      <p>
        Key:{' '}
        <code className="manual-key">
          {setup.secret
            .replace(/=+$/, '')
            .match(/.{1,4}/g)
            ?.join(' ')}
        </code>
      </p>
      <CodeStep
        label="Code from the app"
        action="Turn on"
        busy={confirm.isPending}
        onSubmit={(code) =>
          confirm.mutateAsync({ code }).then(() => {
            alerts.show({
              type: 'success',
              content: 'Two-step verification is on. You’ll enter a code from your app when you sign in.',
            });
            onDone();
          }, alerts.showError)
        }
      />
    </div>
  );
}

function EnableSms({ onDone }: { onDone: () => void }) {
  const enable = useEnableSms();
  const confirm = useConfirmSms();
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [destination, setDestination] = useState<string | null>(null);
  if (!destination) {
    return (
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void enable.mutateAsync({ password, phone }).then((r) => setDestination(r.destination), alerts.showError);
        }}
      >
        <div className="field">
          <label htmlFor="sms-phone">Mobile phone</label>
          <input
            id="sms-phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="(555) 555 - 5555"
            maxLength={16}
            value={phone}
            onChange={(e) => setPhone(formatPhone(e.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor="sms-password">Current password</label>
          <input
            id="sms-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <Button type="submit" loading={enable.isPending}>
          Send code
        </Button>
      </form>
    );
  }
  return (
    <div className="mfa-setup">
      <p>We sent a 6-digit code to {destination}.</p>
      <CodeStep
        label="Code from the text message"
        action="Turn on"
        busy={confirm.isPending}
        onSubmit={(code) =>
          confirm.mutateAsync({ code }).then(() => {
            alerts.show({
              type: 'success',
              content: 'Two-step verification is on. We’ll text you a code when you sign in.',
            });
            onDone();
          }, alerts.showError)
        }
      />
    </div>
  );
}

function Disable({ status, onCancel }: { status: MfaStatus; onCancel: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sendCode = useSendDisableCode();
  const disable = useDisableMfa();
  const [sent, setSent] = useState<string | null>(null);
  if (status.mfaType === 'sms' && !sent) {
    return (
      <div className="button-row">
        <Button
          onClick={() => sendCode.mutateAsync(undefined).then((r) => setSent(r.destination), alerts.showError)}
          loading={sendCode.isPending}
        >
          Text me a code
        </Button>
        <Button variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <div className="mfa-setup">
      <p>
        Turning it off forgets every remembered device and signs you out everywhere.{' '}
        {sent ? `Enter the code we sent to ${sent}.` : 'Enter a code from your authenticator app.'}
      </p>
      <CodeStep
        label="Verification code"
        action="Turn off"
        busy={disable.isPending}
        onSubmit={(code) =>
          disable.mutateAsync({ code }).then(async () => {
            // spec 01 §4: set none, remove all trusted devices, then log out.
            clearClientStores(queryClient);
            await navigate('/login', {
              replace: true,
              state: { notice: 'Two-step verification is off. Please sign in again.' },
            });
          }, alerts.showError)
        }
      />
      <Button variant="link" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

function RememberedDevices({ status }: { status: MfaStatus }) {
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
                  Last used{' '}
                  {new Date(device.lastUsedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
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
