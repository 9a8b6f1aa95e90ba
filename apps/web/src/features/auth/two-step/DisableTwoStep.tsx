import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MfaStatus } from '@portal/contracts';
import { alerts } from '../../../components/alerts.ts';
import { Button } from '../../../components/Button.tsx';
import { clearClientStores } from '../../../lib/clientStores.ts';
import { useDisableMfa, useSendDisableCode } from '../mfa-api.ts';
import { PasswordAndCodeStep } from './steps.tsx';

/** Turning two-step verification off: the password and a code (texted first for SMS), then a fresh sign-in. */
export function DisableTwoStep({ status, onCancel }: { status: MfaStatus; onCancel: () => void }) {
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
        Turning it off forgets every remembered device and signs you out everywhere. Enter your current password and{' '}
        {sent ? `the code we sent to ${sent}.` : 'a code from your authenticator app.'}
      </p>
      <PasswordAndCodeStep
        label="Verification code"
        action="Turn off"
        busy={disable.isPending}
        onSubmit={(body) =>
          disable.mutateAsync(body).then(async () => {
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
