import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages } from '@portal/contracts/messages';
import type { SignInResponse } from '@portal/contracts';
import { safeNext } from '../../app/routes.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { CodeField } from '../../components/form/CodeField.tsx';
import { useAfterSignIn, useResendCode, useSecondFactor, useSignIn } from './api.ts';

type Challenge = Extract<SignInResponse, { status: 'second-factor' }>;

// The sign-up e-mail's link lands here with verified=1 or 0 (GET /api/auth/verify-email); the
// notice loads only then, so the sign-in page itself carries no validation library.
const EmailConfirmationNotice = lazy(() => import('../accounts/EmailConfirmationNotice.tsx'));

/** /login (spec 01 §4): e-mail and password, then the second factor when the account has one. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  // A page that signed the user out may leave a word for them (alerts are cleared on navigation).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const verified = params.get('verified');

  const finish = async () => {
    await afterSignIn();
    await navigate(safeNext(params.get('next')), { replace: true });
  };

  return (
    <div className="auth-page">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {(verified === '1' || verified === '0') && (
        <Suspense fallback={null}>
          <EmailConfirmationNotice confirmed={verified === '1'} />
        </Suspense>
      )}
      {challenge ? (
        <SecondFactorStep challenge={challenge} onDone={finish} onBack={() => setChallenge(null)} />
      ) : (
        <PasswordStep onSignedIn={finish} onChallenge={setChallenge} />
      )}
    </div>
  );
}

function PasswordStep({
  onSignedIn,
  onChallenge,
}: {
  onSignedIn: () => Promise<void>;
  onChallenge: (c: Challenge) => void;
}) {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    alerts.clear();
    if (!email.trim() || !password) {
      alerts.show({ content: messages.completeAllFields });
      return;
    }
    try {
      const result = await signIn.mutateAsync({ email: email.trim(), password, rememberMe });
      if (result.status === 'signed-in') await onSignedIn();
      else onChallenge(result);
    } catch (error) {
      alerts.showError(error);
    }
  };

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      <h1>Sign in</h1>
      <p className="auth-lead">Sign in to order on account, look up wiring and activate devices.</p>
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        <div className="password-input">
          <input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button
            type="button"
            className="button-link"
            aria-pressed={showPassword}
            onClick={() => setShowPassword((s) => !s)}
          >
            {showPassword ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        </div>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        Remember me
      </label>
      <Button type="submit" loading={signIn.isPending}>
        Sign in
      </Button>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to="/register">Create an account</Link>
        <Link to="/dealer-request">Become a dealer</Link>
      </p>
    </form>
  );
}

function SecondFactorStep({
  challenge,
  onDone,
  onBack,
}: {
  challenge: Challenge;
  onDone: () => Promise<void>;
  onBack: () => void;
}) {
  const verify = useSecondFactor();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [resent, setResent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    alerts.clear();
    if (!code.trim()) {
      alerts.show({ content: messages.completeAllFields });
      return;
    }
    try {
      await verify.mutateAsync({ code: code.trim(), trustDevice });
      await onDone();
    } catch (error) {
      alerts.showError(error);
    }
  };

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      <h1>Verify it’s you</h1>
      <p className="auth-lead">
        {challenge.method === 'sms'
          ? `We sent a 6-digit code by text message to ${challenge.destination ?? 'your phone'}.`
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <CodeField id="login-code" label="Verification code" value={code} onChange={setCode} />
      <label className="checkbox">
        <input type="checkbox" checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} />
        Remember this device
      </label>
      <Button type="submit" loading={verify.isPending}>
        Verify
      </Button>
      <p className="auth-links">
        {challenge.method === 'sms' && (
          <Button
            type="button"
            variant="link"
            succeeded={resent}
            onClick={async () => {
              setResent(false);
              try {
                await resend.mutateAsync();
                setResent(true);
              } catch (error) {
                alerts.showError(error);
              }
            }}
          >
            Send a new code
          </Button>
        )}
        <button type="button" className="button-link" onClick={onBack}>
          Use a different account
        </button>
      </p>
    </form>
  );
}
