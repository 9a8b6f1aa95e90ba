import { useMatches } from 'react-router';
import type { PortalRoute } from '../../app/routes.ts';

/** Screens that later issues build: the page's title in its layout, nothing more. */
export function TitleOnlyPage() {
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as PortalRoute | undefined;
  return (
    <div className="page">
      <h1>{route?.title}</h1>
    </div>
  );
}
