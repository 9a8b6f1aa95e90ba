/** A next parameter is followed only to one of our own pages, never /login or /logout. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/')) return '/';
  // Parse as the browser would (it drops tabs and newlines, reads '\\' as '/'): it must stay on our origin.
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname === '/login' || url.pathname === '/logout') return '/';
  return url.pathname + url.search + url.hash;
}
