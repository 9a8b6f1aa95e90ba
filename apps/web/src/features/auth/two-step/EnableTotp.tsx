import { useState } from 'react';
import type { EnableTotpResponse } from '@portal/contracts';
import { alerts } from '../../../components/alerts.ts';
import { QrCode } from '../../../components/QrCode.tsx';
import { useConfirmTotp, useEnableTotp } from '../mfa-api.ts';
import { PasswordStep, TurnOnStep } from './steps.tsx';

/** An authenticator app: the password, then the QR code or key, then a code from the app. */
export function EnableTotp({ onDone }: { onDone: () => void }) {
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
      <TurnOnStep
        label="Code from the app"
        confirm={confirm}
        success="Two-step verification is on. You’ll enter a code from your app when you sign in."
        onDone={onDone}
      />
    </div>
  );
}
