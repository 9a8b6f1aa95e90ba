import { useMatches } from 'react-router';
import type { Page } from '@portal/contracts/pages';

/** Screens that later issues build: the page's title in its layout, nothing more. */
export function TitleOnlyPage() {
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as Page | undefined;
  return (
    <div className="page">
      <h1>{route?.title}</h1>
    </div>
  );
}
