import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@portal/contracts';
import { inviteRequestSchema } from '@portal/contracts/invitations';
import { routes } from '@portal/contracts/endpoints/routes';
import { formatDate } from '@portal/contracts/format';
import { call } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { VALIDATE_ON_SUBMIT } from '../../components/form/validateOnSubmit.ts';
import { invitationsQuery } from './api.ts';

/** Invite installers by e-mail (lowercased, user_type installer) and manage pending invitations. */
export function InvitationsSection({ dealerId }: { dealerId: string }) {
  const queryClient = useQueryClient();
  const pending = useQuery(invitationsQuery(dealerId));
  const form = useForm({
    resolver: zodResolver(inviteRequestSchema),
    defaultValues: { email: '', user_type: 'installer' as const },
    ...VALIDATE_ON_SUBMIT,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsQuery(dealerId).queryKey });
  const invite = useMutation({
    mutationFn: (address: string) =>
      call(routes.invitations.invite, { body: { email: address, user_type: 'installer' } }),
    onSuccess: (invitation) => {
      form.reset();
      alerts.show({ type: 'success', content: [`Invitation sent to ${invitation.email}.`], autoDismiss: true });
      return refresh();
    },
    onError: (e) => alerts.showError(e),
  });
  const resend = useMutation({
    mutationFn: (invitation: Invitation) => call(routes.invitations.resend, { params: { id: invitation.id } }),
    onSuccess: (invitation) => {
      alerts.show({ type: 'success', content: [`Invitation sent again to ${invitation.email}.`], autoDismiss: true });
      return refresh();
    },
    onError: (e) => alerts.showError(e),
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => call(routes.invitations.revoke, { params: { id: invitation.id } }),
    onSuccess: refresh,
    onError: (e) => alerts.showError(e),
  });

  return (
    <section className="card" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <form
        className="form invite-form"
        noValidate
        onSubmit={form.handleSubmit((values) => invite.mutate(values.email))}
      >
        <Field label="Installer’s e-mail" error={form.formState.errors.email?.message}>
          <input type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Button type="submit" loading={invite.isPending} succeeded={invite.isSuccess}>
          Send invitation
        </Button>
      </form>
      <h3>Pending</h3>
      {pending.isPending ? (
        <p className="muted">Loading invitations…</p>
      ) : !pending.data?.length ? (
        <p>No pending invitations.</p>
      ) : (
        <ul className="invitation-list">
          {pending.data.map((invitation) => (
            <li key={invitation.id}>
              <span>
                <strong>{invitation.email}</strong>
                <span className="muted small">
                  {' '}
                  · sent {formatDate(invitation.created_at)}, expires {formatDate(invitation.expires_at)}
                </span>
              </span>
              <span className="invitation-actions">
                <Button
                  variant="secondary"
                  onClick={() => resend.mutateAsync(invitation).catch(() => {})}
                  disabled={resend.isPending}
                  aria-label={`Resend the invitation to ${invitation.email}`}
                >
                  Resend
                </Button>
                <Button
                  variant="link"
                  onClick={() => revoke.mutateAsync(invitation).catch(() => {})}
                  disabled={revoke.isPending}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                >
                  Revoke
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
