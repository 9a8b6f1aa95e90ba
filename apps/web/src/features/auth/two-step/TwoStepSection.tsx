import { useState } from 'react';
import type { MfaStatus } from '@portal/contracts';
import { Button } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/icons.tsx';
import { alertLinesFor } from '../../../lib/errors.ts';
import { useMfaStatus } from '../mfa-api.ts';
import { EnableTotp } from './EnableTotp.tsx';
import { EnableSms } from './EnableSms.tsx';
import { DisableTwoStep } from './DisableTwoStep.tsx';
import { RememberedDevices } from './RememberedDevices.tsx';

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
        {mode === 'disable' && <DisableTwoStep status={current} onCancel={done} />}
      </section>
      <RememberedDevices status={current} />
    </>
  );
}
