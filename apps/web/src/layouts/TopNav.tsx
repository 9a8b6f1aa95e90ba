import { NavLink, useLocation } from 'react-router';
import { PageLink } from '../components/PageLink.tsx';
import { Dropdown } from '../components/Dropdown.tsx';
import { ProfileBusinessItems, TopBarBusinessSelector } from '../features/business/BusinessSelector.tsx';
import { CarIcon, CartIcon, ExternalIcon, UserIcon } from '../components/icons.tsx';
import { countOf } from '@portal/contracts/format';
import { cartBadgeText } from '../lib/format.ts';
import { Logo } from './Logo.tsx';
import { SearchField } from './SearchField.tsx';
import { useShellState } from './useShellState.ts';
import { useCartCount } from '../features/cart/api.ts';
import { CatalogLinks } from './CatalogLinks.tsx';
import { VehicleSearchMenu } from './VehicleSearchMenu.tsx';
import { INLINE_LINKS, SERVICES_LINKS, WIKI_LINK } from './navigation.ts';

/** Desktop header (spec 01 §2.4): top bar, then the dark menu. Hidden below the large breakpoint. */
export function TopNav() {
  const shell = useShellState();
  const location = useLocation();
  const next = location.pathname === '/' ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <header className="top-nav">
      <div className="top-bar">
        <Logo />
        <TopBarBusinessSelector />
        <SearchField idPrefix="top-search" />
        {shell.user ? (
          <VehicleSearchMenu />
        ) : (
          <PageLink to="/wiring" className="top-bar-link vehicle-link">
            <CarIcon />
            <span>Vehicle Search</span>
          </PageLink>
        )}
        {shell.user ? (
          <Dropdown
            align="end"
            className="profile-menu"
            label={
              <>
                <UserIcon />
                <span>Hi, {shell.user.first_name}</span>
              </>
            }
          >
            <p className="role-label">{shell.roleLabel}</p>
            <ul>
              <ProfileBusinessItems />
              {shell.profileLinks.map((link) => (
                <li key={link.to}>
                  <PageLink to={link.to}>{link.label}</PageLink>
                </li>
              ))}
              <li>
                <PageLink to="/logout">Log Out</PageLink>
              </li>
            </ul>
          </Dropdown>
        ) : (
          <PageLink to={`/login${next}`} className="top-bar-link login-link">
            <UserIcon />
            <span>Login</span>
          </PageLink>
        )}
        <CartCountLink />
      </div>
      <DarkMenu />
    </header>
  );
}

/** The cart link with the cart's count: only it renders again when the cart arrives or changes (issue 31). */
export function CartCountLink() {
  return <CartLink count={useCartCount()} />;
}

export function CartLink({ count }: { count: number }) {
  const badge = cartBadgeText(count);
  return (
    <PageLink
      to="/cart"
      className="top-bar-link cart-link"
      aria-label={badge ? `Cart, ${countOf(count, 'item')}` : 'Cart'}
    >
      <CartIcon />
      {badge && (
        <span className="cart-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </PageLink>
  );
}

function DarkMenu() {
  return (
    <nav className="dark-menu" aria-label="Main">
      <ul className="dark-menu-list">
        <li>
          <Dropdown label="Products">
            <ul className="menu-columns">
              <CatalogLinks kind="categories" viewAllClassName="view-all" />
            </ul>
          </Dropdown>
        </li>
        <li>
          <Dropdown label="Brands">
            <ul className="menu-columns">
              <CatalogLinks kind="brands" viewAllClassName="view-all" />
            </ul>
          </Dropdown>
        </li>
        <li>
          <Dropdown label="Services">
            <ul>
              {SERVICES_LINKS.map((link) => (
                <li key={link.to}>
                  <PageLink to={link.to}>{link.label}</PageLink>
                </li>
              ))}
            </ul>
          </Dropdown>
        </li>
        {INLINE_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <a href={WIKI_LINK.href} target="_blank" rel="noreferrer">
            {WIKI_LINK.label}
            <ExternalIcon className="icon icon-small" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
