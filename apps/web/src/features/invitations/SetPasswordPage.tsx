import { SetPasswordForm } from './SetPasswordForm.tsx';
import { TokenPage } from './TokenPage.tsx';

/** /set-password?token= : finish an account (token types accept_decline_invitation and complete_registration). */
export default function SetPasswordPage() {
  return (
    <TokenPage>
      {(info, token) => (
        <>
          <h1>Set your password</h1>
          <SetPasswordForm
            token={token}
            email={info.email}
            askNames={info.token_type === 'accept_decline_invitation'}
            action="Set password"
          />
        </>
      )}
    </TokenPage>
  );
}
