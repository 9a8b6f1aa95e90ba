import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { alertLinesFor } from '../lib/errors.ts';
import { usePageTitle } from '../lib/pageTitle.ts';

// The states a page of the signed-in portal passes through before it shows its record or list: waiting,
// refused, not found, not loaded. `className` is the page's own (its width and print rules).

/** The server's answer for a record that is not this business's (404), or for an id it refuses (400). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A page still waiting (for the session, for its record): its heading, and what is coming if anything. */
export function PageLoading({
  className,
  title,
  children,
}: {
  className: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={`page ${className}`} aria-busy="true">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A page with nothing to show but a message (refused, nothing there): its heading and why. */
export function PageMessage({ className, title, children }: { className: string; title: string; children: ReactNode }) {
  return (
    <div className={`page ${className}`}>
      <h1>{title}</h1>
      <div className="empty-state">{children}</div>
    </div>
  );
}

/** An error with the one thing to do about it (Try again, Back to page 1). */
export function ActionAlert({ message, action, onAction }: { message: string; action: string; onAction: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <div className="alert-content">
        <p>{message}</p>
        <button type="button" className="alert-action" onClick={onAction}>
          {action}
        </button>
      </div>
    </div>
  );
}

/** A page whose record did not come (no answer, a server failure): the reason in the server's words. */
export function PageLoadError({
  className,
  title,
  error,
  onRetry,
}: {
  className: string;
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div className={`page ${className}`}>
      <h1>{title}</h1>
      <ActionAlert message={alertLinesFor(error).join(' ')} action="Try again" onAction={onRetry} />
    </div>
  );
}

/**
 * A record this business does not have, or a link that is not one: why, and the way to the list. The tab
 * says `title`; leaving puts the route's title back.
 */
export function RecordNotFound({
  className,
  heading,
  title,
  routeTitle,
  listPath,
  listName,
}: {
  className: string;
  heading: string;
  title: string;
  routeTitle: string;
  listPath: string;
  listName: string;
}) {
  usePageTitle(title, routeTitle);
  return (
    <PageMessage className={className} title={heading}>
      <p>It may belong to another business, or the link may be incomplete.</p>
      <p>
        <Link to={listPath}>{`Go to ${listName}`}</Link>
      </p>
    </PageMessage>
  );
}

/** The way back from a page this person may not use. */
export function BackToDashboard() {
  return (
    <p>
      <Link to="/">Back to the dashboard</Link>
    </p>
  );
}
