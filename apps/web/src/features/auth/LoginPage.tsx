import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/contracts/messages';
import { secondFactorRequestSchema, signInRequestSchema, type SignInResponse } from '@portal/contracts/auth';
import { safeNext } from '../../lib/safeNext.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { CodeField } from '../../components/form/CodeField.tsx';
import { showErrorsAsAlert } from '../../components/form/showErrorsAsAlert.ts';
import { VALIDATE_ON_SUBMIT } from '../../components/form/validateOnSubmit.ts';
import { useAfterSignIn, useResendCode, useSecondFactor, useSignIn } from './api.ts';
import { EnableTotp } from './two-step/EnableTotp.tsx';

type Challenge = Extract<SignInResponse, { status: 'second-factor' }>;

// The sign-up e-mail's link lands here with verified=1 or 0 (GET /api/auth/verify-email); the
// notice loads only then.
const EmailConfirmationNotice = lazy(() =>
  import('../accounts/index.ts').then((accounts) => ({ default: accounts.EmailConfirmationNotice })),
);

/** A new try answers the last one: its alerts go before anything is checked. */
const afterClearingAlerts = (submit: (event: FormEvent) => Promise<void>) => (event: FormEvent) => {
  alerts.clear();
  return submit(event);
};

/**
 * The page to go back to, with its #fragment: the server's redirect of a protected address (plugins/spa.ts) cannot
 * see the fragment, which the browser keeps on the login page's own address instead (spec 01 §2.2: the full path).
 */
function withFragment(next: string | null, hash: string): string | null {
  return next && hash && !next.includes('#') ? next + hash : next;
}

/** /login (spec 01 §4): e-mail and password, then the second factor when the account has one. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [mustEnrol, setMustEnrol] = useState(false);
  const location = useLocation();
  // A page that signed the user out may leave a word for them (alerts are cleared on navigation).
  const notice = (location.state as { notice?: string } | null)?.notice;
  const verified = params.get('verified');

  const finish = async () => {
    await afterSignIn();
    await navigate(safeNext(withFragment(params.get('next'), location.hash)), { replace: true });
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
      {mustEnrol ? (
        <EnrolSecondFactorStep onDone={finish} />
      ) : challenge ? (
        <SecondFactorStep challenge={challenge} onDone={finish} onBack={() => setChallenge(null)} />
      ) : (
        <PasswordStep onSignedIn={finish} onChallenge={setChallenge} onMustEnrol={() => setMustEnrol(true)} />
      )}
    </div>
  );
}

function PasswordStep({
  onSignedIn,
  onChallenge,
  onMustEnrol,
}: {
  onSignedIn: () => Promise<void>;
  onChallenge: (c: Challenge) => void;
  onMustEnrol: () => void;
}) {
  const signIn = useSignIn();
  const form = useForm({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
    ...VALIDATE_ON_SUBMIT,
  });
  const [showPassword, setShowPassword] = useState(false);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const result = await signIn.mutateAsync(values);
        if (result.status === 'signed-in') await onSignedIn();
        else if (result.status === 'enrol-second-factor') onMustEnrol();
        else onChallenge(result);
      } catch (error) {
        alerts.showError(error);
      }
    },
    // spec 01 §4: an empty e-mail or password is the one complaint: 'Please complete all fields'.
    () => alerts.show({ content: messages.completeAllFields }),
  );

  return (
    <form className="form auth-form" onSubmit={afterClearingAlerts(submit)} noValidate>
      <h1>Sign in</h1>
      <p className="auth-lead">Sign in to order on account, look up wiring and activate devices.</p>
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input id="login-email" type="email" autoComplete="username" inputMode="email" {...form.register('email')} />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        <div className="password-input">
          <input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            {...form.register('password')}
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
        <input type="checkbox" {...form.register('rememberMe')} />
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

/** ASVS 6.3.3: an admin or sales rep without a second factor sets one up before going on. */
function EnrolSecondFactorStep({ onDone }: { onDone: () => Promise<void> }) {
  return (
    <section className="form auth-form" aria-labelledby="enrol-title">
      <h1 id="enrol-title">Set up two-step verification</h1>
      <p className="auth-lead">
        Admins and sales reps act for every dealer, so they sign in with a code from an authenticator app as well as
        their password. Set it up now to continue.
      </p>
      <EnableTotp onDone={() => void onDone()} />
      <p className="auth-links">
        <Link to="/logout">Sign out</Link>
      </p>
    </section>
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
  const form = useForm({
    resolver: zodResolver(secondFactorRequestSchema),
    defaultValues: { code: '', trustDevice: false },
    ...VALIDATE_ON_SUBMIT,
  });
  const [resent, setResent] = useState(false);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await verify.mutateAsync(values);
        await onDone();
      } catch (error) {
        alerts.showError(error);
      }
    },
    // An empty code asks to complete the form (as the password step does); a short one reads as the server says.
    (errors) =>
      form.getValues('code').trim() ? showErrorsAsAlert(errors) : alerts.show({ content: messages.completeAllFields }),
  );

  return (
    <form className="form auth-form" onSubmit={afterClearingAlerts(submit)} noValidate>
      <h1>Verify it’s you</h1>
      <p className="auth-lead">
        {challenge.method === 'sms'
          ? `We sent a 6-digit code by text message to ${challenge.destination ?? 'your phone'}.`
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <CodeField id="login-code" label="Verification code" form={form} name="code" />
      <label className="checkbox">
        <input type="checkbox" {...form.register('trustDevice')} />
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
