import { Outlet } from 'react-router';
import { COMPANY, copyrightYears } from '@portal/contracts/constants';
import { AlertBar } from '../components/AlertBar.tsx';
import { BackIcon } from '../components/icons.tsx';
import { Logo } from './Logo.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useBack } from './useBack.ts';

/** spec 01 §2.3 checkout layout: plain top bar with logo, back button on small screens, alerts, copyright. */
export function CheckoutLayout() {
  const back = useBack();
  return (
    <div className="layout layout-checkout">
      <SkipLink />
      <header className="plain-bar">
        <button type="button" className="icon-button small-only" aria-label="Back" onClick={back}>
          <BackIcon />
        </button>
        <Logo />
      </header>
      <AlertBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="copyright-footer">
        <small>
          © {copyrightYears()} {COMPANY.name} All rights reserved.
        </small>
      </footer>
    </div>
  );
}
