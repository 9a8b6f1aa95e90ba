import { LogoMark } from './Logo.tsx';

/**
 * What a page shows before the app has its first screen (issue 17): the portal's bar with its logo.
 * index.html holds the same markup in #root, so the browser paints it as soon as the page and its
 * stylesheet arrive; the router shows this while the session and the page's code load, and Preact keeps
 * the painted nodes (a test holds the two copies equal). Hidden from assistive technology: it is a
 * picture of the page to come, with nothing to read or press.
 */
export function AppShell() {
  return (
    <div className="app-shell" aria-hidden="true">
      <header className="plain-bar">
        <span className="logo">
          <LogoMark />
          <span className="logo-text">Dealer Portal</span>
        </span>
      </header>
    </div>
  );
}
