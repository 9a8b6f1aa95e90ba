import { formatDateTime } from '@portal/contracts/format';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { useEndSession, useSignedInSessions } from './api.ts';

/** Where the person is signed in, each session with an End session button (issue 32, ASVS 7.5.2). */
export function SignedInSessions() {
  const sessions = useSignedInSessions();
  const end = useEndSession();
  if (!sessions.data) return null;
  return (
    <>
      <h3>Signed-in sessions</h3>
      <ul className="device-list" aria-label="Signed-in sessions">
        {sessions.data.sessions.map((session) => (
          <li key={session.id}>
            <div>
              <strong>{session.device}</strong>
              {session.current && <span className="badge">This device</span>}
              <p className="device-meta">
                Signed in {formatDateTime(session.signedInAt)}, last active {formatDateTime(session.lastActiveAt)}
                {session.ipAddress ? ` from network ${session.ipAddress}` : ''}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                loading={end.isPending && end.variables === session.id}
                onClick={() => end.mutateAsync(session.id).catch(alerts.showError)}
              >
                End session<span className="visually-hidden"> on {session.device}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
