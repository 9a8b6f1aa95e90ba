import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inviteRequestSchema, type Invitation } from '@portal/contracts';
import { api } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { invitationsQuery } from './api.ts';

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US');

/** Invite installers by e-mail (lowercased, user_type installer) and manage pending invitations. */
export function InvitationsSection({ dealerId }: { dealerId: string }) {
  const queryClient = useQueryClient();
  const pending = useQuery(invitationsQuery(dealerId));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsQuery(dealerId).queryKey });
  const invite = useMutation({
    mutationFn: (address: string) =>
      api<Invitation>('/api/user/invite', { body: { email: address, user_type: 'installer' } }),
    onSuccess: (invitation) => {
      setEmail('');
      alerts.show({ type: 'success', content: [`Invitation sent to ${invitation.email}.`], autoDismiss: true });
      return refresh();
    },
    onError: (e) => alerts.showError(e),
  });
  const resend = useMutation({
    mutationFn: (invitation: Invitation) =>
      api<Invitation>(`/api/user/invite/${invitation.id}/resend`, { method: 'POST' }),
    onSuccess: (invitation) => {
      alerts.show({ type: 'success', content: [`Invitation sent again to ${invitation.email}.`], autoDismiss: true });
      return refresh();
    },
    onError: (e) => alerts.showError(e),
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => api(`/api/user/invite/${invitation.id}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onError: (e) => alerts.showError(e),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = inviteRequestSchema.safeParse({ email, user_type: 'installer' });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(parsed.data.email);
  };

  return (
    <section className="card" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <form className="form invite-form" noValidate onSubmit={submit}>
        <Field label="Installer’s e-mail" error={error}>
          <input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
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
                  · sent {date(invitation.created_at)}, expires {date(invitation.expires_at)}
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
