import { Outlet } from 'react-router';
import { AlertBar } from '../components/AlertBar.tsx';
import { Logo } from './Logo.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useBack } from './useBack.ts';

/** spec 01 §2.3 no-auth layout: a plain top bar and a '< Back' link. */
export function NoAuthLayout() {
  const back = useBack();
  return (
    <div className="layout layout-no-auth">
      <SkipLink />
      <header className="plain-bar">
        <Logo />
      </header>
      <AlertBar />
      <main id="main" tabIndex={-1}>
        <button type="button" className="back-link" onClick={back}>
          {'< Back'}
        </button>
        <Outlet />
      </main>
    </div>
  );
}
