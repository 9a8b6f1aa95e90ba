import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { messages } from '@portal/contracts/messages';
import { fullTitle } from '../lib/pageTitle.ts';
import { useEffect, useState } from 'react';
import { reloadForChunkError } from './lazy.ts';

interface ErrorPageProps {
  status: 404 | 500;
}

/** spec 01 §2.3 error page: 404 'Page Not Found', anything else 'Application Error'. */
export function ErrorPage({ status }: ErrorPageProps) {
  const notFound = status === 404;
  const title = notFound ? messages.pageNotFoundTitle : messages.applicationErrorTitle;
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {notFound ? '404' : 'Error'}
      </p>
      <h1 id="error-title">{title}</h1>
      <p>{notFound ? messages.pageNotFoundBody : messages.applicationErrorBody}</p>
      <Link className="button button-primary" to="/">
        {messages.backToHome}
      </Link>
    </section>
  );
}

export const NotFoundPage = () => <ErrorPage status={404} />;

/** Route errors: a 404 response shows the 404 page; anything else the application error page. */
export function RouteError() {
  const error = useRouteError();
  const [reloading] = useState(() => reloadForChunkError(error));
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound && !reloading) console.error(error);
  }, [error, notFound, reloading]);
  if (reloading) return null;
  return (
    <main id="main" className="error-shell" tabIndex={-1}>
      <ErrorPage status={notFound ? 404 : 500} />
    </main>
  );
}
