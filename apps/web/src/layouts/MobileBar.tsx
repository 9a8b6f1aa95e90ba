import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLink } from '../components/PageLink.tsx';
import { Modal } from '../components/Modal.tsx';
import { ProfileBusinessItems } from '../features/business/BusinessSelector.tsx';
import { BackIcon, ExternalIcon, MenuIcon, SearchIcon } from '../components/icons.tsx';
import { Logo } from './Logo.tsx';
import { SearchField } from './SearchField.tsx';
import { CartCountLink } from './TopNav.tsx';
import { useBack } from './useBack.ts';
import { useShellState } from './useShellState.ts';
import { CatalogLinks } from './CatalogLinks.tsx';
import { INLINE_LINKS, SERVICES_LINKS, WIKI_LINK } from './navigation.ts';

/** The mobile bar (spec 01 §2.4): back button, logo, search menu, cart, and the dark mobile menu. */
export function MobileBar() {
  const back = useBack();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname, location.search]);

  return (
    <header className="mobile-bar">
      <div className="mobile-bar-row">
        {location.pathname !== '/' && (
          <button type="button" className="icon-button" aria-label="Back" onClick={back}>
            <BackIcon />
          </button>
        )}
        <Logo />
        <span className="spacer" />
        <button
          type="button"
          className="icon-button"
          aria-label="Search products"
          aria-expanded={searchOpen}
          aria-controls="mobile-search"
          onClick={() => setSearchOpen((o) => !o)}
        >
          <SearchIcon />
        </button>
        <CartCountLink />
        <button
          type="button"
          className="icon-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
      </div>
      <div id="mobile-search" className="mobile-search" hidden={!searchOpen}>
        {searchOpen && <SearchField idPrefix="mobile-search" autoFocus />}
      </div>
      <Modal open={menuOpen} onClose={() => setMenuOpen(false)} title="Menu" size="full" className="mobile-menu">
        <MobileMenuContent onOpenBusiness={() => setMenuOpen(false)} />
      </Modal>
    </header>
  );
}

function MobileMenuContent({ onOpenBusiness }: { onOpenBusiness: () => void }) {
  const shell = useShellState();
  return (
    <nav aria-label="Mobile">
      {shell.user ? (
        <p className="mobile-greeting">
          Hi, {shell.user.first_name} <span className="role-label">{shell.roleLabel}</span>
        </p>
      ) : (
        <PageLink className="button button-primary mobile-login" to="/login">
          Login
        </PageLink>
      )}
      <details>
        <summary>Products</summary>
        <ul>
          <CatalogLinks kind="categories" />
        </ul>
      </details>
      <details>
        <summary>Brands</summary>
        <ul>
          <CatalogLinks kind="brands" />
        </ul>
      </details>
      <details>
        <summary>Services</summary>
        <ul>
          {SERVICES_LINKS.map((link) => (
            <li key={link.to}>
              <PageLink to={link.to}>{link.label}</PageLink>
            </li>
          ))}
        </ul>
      </details>
      <ul className="mobile-links">
        {INLINE_LINKS.map((link) => (
          <li key={link.to}>
            <PageLink to={link.to}>{link.label}</PageLink>
          </li>
        ))}
        <li>
          <a href={WIKI_LINK.href} target="_blank" rel="noreferrer">
            {WIKI_LINK.label} <ExternalIcon className="icon icon-small" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      {shell.user && (
        <ul className="mobile-links">
          <ProfileBusinessItems onOpen={onOpenBusiness} />
          {shell.profileLinks.map((link) => (
            <li key={link.to}>
              <PageLink to={link.to}>{link.label}</PageLink>
            </li>
          ))}
          <li>
            <PageLink to="/logout">Log Out</PageLink>
          </li>
        </ul>
      )}
    </nav>
  );
}
