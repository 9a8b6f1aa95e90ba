import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TokenInfo } from '@portal/contracts';
import { messages } from '@portal/contracts/messages';
import { Spinner } from '../../components/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { useTokenInfo } from './api.ts';

/** A page opened from an e-mailed link: reads ?token, shows what it is for, or why it cannot be used. */
export function TokenPage({ children }: { children: (info: TokenInfo, token: string) => ReactNode }) {
  const token = useSearchParams()[0].get('token') ?? '';
  const info = useTokenInfo(token);
  // No token, or one the server refuses (400): the spec's text, never a field name before it.
  if (!token || (info.error instanceof ApiError && info.error.status === 400))
    return <CannotUse reason={messages.invalidJwt} />;
  if (info.isPending) {
    return (
      <p className="page centered-status">
        <Spinner /> Checking your link…
      </p>
    );
  }
  if (info.error) return <CannotUse reason={alertLinesFor(info.error).join(' ')} />;
  return <div className="auth-page">{children(info.data, token)}</div>;
}

function CannotUse({ reason }: { reason: string }) {
  return (
    <div className="auth-page">
      <h1>This link can’t be used</h1>
      <p role="alert" className="field-error">
        {reason}
      </p>
      <p>Links work once and expire. Ask whoever sent it for a new one, or sign in if you already have an account.</p>
      <Link className="button button-primary" to="/login">
        Go to sign in
      </Link>
    </div>
  );
}
