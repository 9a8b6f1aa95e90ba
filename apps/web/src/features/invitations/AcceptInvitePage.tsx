import { Link } from 'react-router';
import { SetPasswordForm } from './SetPasswordForm.tsx';
import { TokenPage } from './TokenPage.tsx';

/** /accept-invite?token= : join the dealer's team by choosing a password. */
export default function AcceptInvitePage() {
  return (
    <TokenPage>
      {(info, token) => (
        <>
          <h1>Join {info.dealer_name ?? 'your dealer'}</h1>
          <p>
            {info.invited_by ?? 'Your dealer'} invited you to the Dealer Portal: vehicle wiring, device activation and
            ordering in one place.
          </p>
          <SetPasswordForm
            token={token}
            email={info.email}
            askNames
            action="Accept and create account"
            footer={
              <p className="auth-links">
                <Link to={`/decline-invite?token=${encodeURIComponent(token)}`}>Decline the invitation</Link>
              </p>
            }
          />
        </>
      )}
    </TokenPage>
  );
}
