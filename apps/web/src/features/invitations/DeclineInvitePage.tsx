import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { alerts } from '../../components/alerts.ts';
import { useDeclineInvitation } from './api.ts';
import { TokenPage } from './TokenPage.tsx';

/** /decline-invite?token= : say no to an invitation (DELETE user/invite/decline). */
export default function DeclineInvitePage() {
  return <TokenPage>{(info, token) => <Decline token={token} dealer={info.dealer_name ?? 'the dealer'} />}</TokenPage>;
}

function Decline({ token, dealer }: { token: string; dealer: string }) {
  const decline = useDeclineInvitation(token);
  if (decline.isSuccess) {
    return (
      <div className="success-panel" role="status">
        <h1>Invitation declined</h1>
        <p>We let {dealer} know nothing more: the invitation simply ends. You can close this page.</p>
      </div>
    );
  }
  return (
    <>
      <h1>Decline the invitation?</h1>
      <p>
        You were invited to join {dealer} on the Dealer Portal. Declining ends the invitation; no account is created.
      </p>
      <div className="button-row">
        <Button
          loading={decline.isPending}
          onClick={() => decline.mutateAsync().catch((error) => alerts.showError(error))}
        >
          Decline invitation
        </Button>
        <Link to={`/accept-invite?token=${encodeURIComponent(token)}`}>Accept instead</Link>
      </div>
    </>
  );
}
