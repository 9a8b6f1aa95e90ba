import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatLongDay } from '@portal/contracts/format';

interface ContentPageProps {
  title: string;
  /** ISO date the text was last changed. */
  updated?: string;
  children: ReactNode;
}

/** A readable text page. Links to our own pages navigate in the app instead of reloading it. */
export function ContentPage({ title, updated, children }: ContentPageProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || anchor.target || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // Clicks are delegated from the links inside; the article itself is not interactive.
    <article className="page content-page" onClick={onClick}>
      <h1>{title}</h1>
      {updated && <p className="content-updated">Last updated {formatLongDay(updated)}</p>}
      {children}
    </article>
  );
}
