import { ACCOUNT_TEXTS } from '@portal/contracts/accounts';

/**
 * On /login after the sign-up e-mail's link (GET /api/auth/verify-email → ?verified=1 or 0).
 * Loaded lazily by the login page, so signing in does not fetch the account schemas.
 */
export default function EmailConfirmationNotice({ confirmed }: { confirmed: boolean }) {
  return (
    <p className="notice" role="status">
      {confirmed ? ACCOUNT_TEXTS.emailConfirmed : ACCOUNT_TEXTS.emailConfirmFailed}
    </p>
  );
}
