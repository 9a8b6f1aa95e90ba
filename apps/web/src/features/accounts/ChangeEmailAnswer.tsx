import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { ACCOUNT_TEXTS } from '@portal/contracts/accounts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { signOutEverywhereInThisBrowser } from '../auth/index.ts';
import { useAcceptEmailChange, useDeclineEmailChange } from './api.ts';

type Answer = 'accept' | 'decline';

const TEXTS = {
  accept: {
    title: ACCOUNT_TEXTS.acceptTitle,
    lead: ACCOUNT_TEXTS.acceptLead,
    button: ACCOUNT_TEXTS.acceptButton,
    doneTitle: ACCOUNT_TEXTS.acceptedTitle,
  },
  decline: {
    title: ACCOUNT_TEXTS.declineTitle,
    lead: ACCOUNT_TEXTS.declineLead,
    button: ACCOUNT_TEXTS.declineButton,
    doneTitle: ACCOUNT_TEXTS.declinedTitle,
  },
} as const;

/**
 * /change-email-accept and /change-email-decline: the links of the e-mail-change messages. The
 * token is used only when the person confirms (mail scanners open links too).
 */
export function ChangeEmailAnswer({ answer }: { answer: Answer }) {
  const token = useSearchParams()[0].get('token') ?? '';
  const queryClient = useQueryClient();
  const acceptChange = useAcceptEmailChange();
  const declineChange = useDeclineEmailChange();
  const [done, setDone] = useState<{ email?: string } | null>(null);
  const texts = TEXTS[answer];

  if (done) {
    return (
      <div className="auth-page">
        <div className="success-panel" role="status">
          <h1>{texts.doneTitle}</h1>
          <p>{done.email ? ACCOUNT_TEXTS.acceptedBody(done.email) : ACCOUNT_TEXTS.declinedBody}</p>
          <Link className="button button-primary" to="/login">
            Sign in
          </Link>
        </div>
      </div>
    );
  }

  const submit = async () => {
    alerts.clear();
    try {
      if (answer === 'accept') {
        const { email } = await acceptChange.mutateAsync(token);
        // Every session of the account has ended: this browser forgets its user too (spec 01 §4 logout).
        await signOutEverywhereInThisBrowser(queryClient);
        setDone({ email });
      } else {
        await declineChange.mutateAsync(token);
        setDone({});
      }
    } catch (error) {
      alerts.showError(error);
      throw error; // the button shows no checkmark
    }
  };

  return (
    <div className="auth-page">
      <div className="form auth-form">
        <h1>{texts.title}</h1>
        {token ? (
          <>
            <p className="auth-lead">{texts.lead}</p>
            <Button onClick={submit} loading={acceptChange.isPending || declineChange.isPending}>
              {texts.button}
            </Button>
          </>
        ) : (
          <p className="field-error" role="alert">
            {messages.invalidJwt}
          </p>
        )}
        <p className="auth-links">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}
