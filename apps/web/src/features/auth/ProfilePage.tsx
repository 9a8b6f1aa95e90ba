import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ChangePasswordRequest } from '@portal/contracts';
import { changePasswordRequestSchema } from '@portal/contracts/auth';
import { roleLabel } from '@portal/contracts/permissions';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { NewPasswordFields } from '../../components/form/NewPasswordFields.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { useSession } from '../session/index.ts';
import { signOutEverywhereInThisBrowser } from './api.ts';
import { TwoStepSection } from './two-step/TwoStepSection.tsx';
import { ChangeEmailSection, SignedInSessions } from '../accounts/index.ts';

/** /profile: the user's details, password and sessions (issue 3 §3, §4). */
export default function ProfilePage() {
  const { data } = useSession();
  const user = data?.user;
  if (!user) return null; // the route's loader guarantees a session; this only narrows the type
  return (
    <div className="page profile-page">
      <h1>My Profile</h1>
      <section className="card" aria-labelledby="details-heading">
        <h2 id="details-heading">Your details</h2>
        <dl className="details">
          <dt>Name</dt>
          <dd>
            {user.first_name} {user.last_name}
          </dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{roleLabel(user)}</dd>
        </dl>
      </section>
      <ChangeEmailSection />
      <ChangePassword />
      <TwoStepSection />
      <SignOutEverywhere />
    </div>
  );
}

const EMPTY: ChangePasswordRequest = { password: '', new_password: '', confirm_new_password: '' };

function ChangePassword() {
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: EMPTY,
  });
  useDelayedValidation(form);
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(routes.auth.changePassword, { body }),
  });
  const errors = form.formState.errors;
  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          try {
            await change.mutateAsync(values);
            form.reset(EMPTY);
            alerts.show({
              type: 'success',
              content: 'Your password has been changed. Your other devices were signed out.',
            });
          } catch (error) {
            alerts.showError(error);
          }
        })}
      >
        <Field label="Current password" error={errors.password?.message}>
          <input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <NewPasswordFields
          form={form}
          password="new_password"
          confirm="confirm_new_password"
          passwordLabel="New password"
          confirmLabel="Confirm new password"
        />
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </section>
  );
}

function SignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const everywhere = useMutation({ mutationFn: () => call(routes.auth.signOutEverywhere) });
  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Signed-in devices</h2>
      <SignedInSessions />
      <p>Lost a phone or signed in on a shared computer? Sign out of the portal on every device, this one included.</p>
      <Button
        variant="secondary"
        loading={everywhere.isPending}
        onClick={async () => {
          try {
            await everywhere.mutateAsync();
            await signOutEverywhereInThisBrowser(queryClient);
            await navigate('/login', { replace: true });
          } catch (error) {
            alerts.showError(error);
          }
        }}
      >
        Sign out everywhere
      </Button>
    </section>
  );
}
