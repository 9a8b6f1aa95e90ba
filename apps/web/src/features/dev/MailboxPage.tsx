import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import { formatDateTime } from '@portal/contracts/format';
import { ApiError, call } from '../../lib/api.ts';
import { Spinner } from '../../components/icons.tsx';

/**
 * /dev/mailbox (demo mode): the e-mails and text messages the portal would have sent, so a person
 * trying the demo can read sign-in and reset codes. Refreshes every few seconds.
 */
export default function MailboxPage() {
  const outbox = useQuery({
    queryKey: ['dev', 'outbox'],
    queryFn: ({ signal }) => call(routes.dev.outbox, { signal }),
    refetchInterval: 3000,
    retry: false,
  });

  if (outbox.isPending) {
    return (
      <p className="page centered-status">
        <Spinner /> Loading the mailbox…
      </p>
    );
  }
  if (outbox.error) {
    const off = outbox.error instanceof ApiError && outbox.error.status === 404;
    return (
      <div className="page">
        <h1>Demo Mailbox</h1>
        <p>
          {off ? 'The mailbox is only available in demo mode.' : 'The mailbox could not be loaded. It retries shortly.'}
        </p>
      </div>
    );
  }
  const { mail, sms, scope } = outbox.data;
  return (
    <div className="page mailbox">
      <h1>Demo Mailbox</h1>
      <p className="content-updated">
        Demo mode sends nothing: e-mails and text messages land here instead. Newest first; refreshes every 3 seconds.
      </p>
      {scope === 'this-browser' && (
        <p className="mailbox-scope" role="note">
          You are not on the computer that runs the portal, so this mailbox shows only what your own sign-ins in this
          browser asked for, such as a text-message sign-in code. Other people’s messages, password reset codes and
          invitations show only on that computer.
        </p>
      )}
      <section aria-labelledby="sms-heading">
        <h2 id="sms-heading">Text messages ({sms.length})</h2>
        {sms.length === 0 ? (
          <p className="empty-state">No text messages yet. Sign in as sms@demo.test to get a code here.</p>
        ) : (
          <ul className="outbox-list">
            {sms.map((m) => (
              <li key={m.id} className="outbox-item">
                <p className="outbox-meta">
                  To <strong>{m.to}</strong> ·{' '}
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, { seconds: true })}</time>
                </p>
                <p className="outbox-body">{m.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="mail-heading">
        <h2 id="mail-heading">E-mails ({mail.length})</h2>
        {mail.length === 0 ? (
          <p className="empty-state">
            No e-mails yet. Forgotten passwords, invitations and contact messages show here.
          </p>
        ) : (
          <ul className="outbox-list">
            {mail.map((m) => (
              <li key={m.id} className="outbox-item">
                <p className="outbox-meta">
                  To <strong>{m.to}</strong> ·{' '}
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, { seconds: true })}</time>
                </p>
                <p className="outbox-subject">{m.subject}</p>
                <pre className="outbox-body">{m.text}</pre>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
