import { Link } from 'react-router';
import { COMPANY, copyrightYears } from '@portal/contracts/constants';
import { useCatalogMenu } from '../features/catalog/api.ts';
import { useApprovedBrands } from '../features/session/api.ts';
import { brandHref, categoryHref, COMMUNITY_LINK, SERVICES_LINKS, WIKI_LINK } from './navigation.ts';

const FOOTER_CATEGORY_COUNT = 6;

/** spec 01 §2.4 footer: Products, Brands, Services, Installation, Manage Account, community, Terms, Privacy. */
export function Footer() {
  const menu = useCatalogMenu();
  const approvedBrands = useApprovedBrands();
  return (
    <footer className="footer">
      <div className="footer-columns">
        <FooterColumn title="Products">
          {menu.data?.categories.slice(0, FOOTER_CATEGORY_COUNT).map((c) => (
            <li key={c.slug}>
              <Link to={categoryHref(c.slug, approvedBrands)}>{c.name}</Link>
            </li>
          ))}
          <li>
            <Link to="/search">All products</Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Brands">
          {menu.data?.brands.slice(0, FOOTER_CATEGORY_COUNT).map((b) => (
            <li key={b.slug}>
              <Link to={brandHref(b.slug, approvedBrands)}>{b.name}</Link>
            </li>
          ))}
          <li>
            <Link to="/search">All brands</Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Services">
          {SERVICES_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          <li>
            <Link to="/contact-us">Contact Us</Link>
          </li>
          <li>
            <Link to="/return-policy">Return Policy</Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Installation">
          <li>
            <Link to="/wiring">Wiring</Link>
          </li>
          <li>
            <Link to="/activation">Activation</Link>
          </li>
          <li>
            <Link to="/installer-guides">Installer Guides</Link>
          </li>
          <li>
            <a href={WIKI_LINK.href} target="_blank" rel="noreferrer">
              {WIKI_LINK.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        </FooterColumn>
        <FooterColumn title="Manage Account">
          <li>
            <Link to="/my-orders">My Orders</Link>
          </li>
          <li>
            <Link to="/profile">My Profile</Link>
          </li>
          <li>
            <Link to="/billing">Billing</Link>
          </li>
          <li>
            <Link to="/dealer-request">Become a Dealer</Link>
          </li>
        </FooterColumn>
      </div>
      <div className="footer-bottom">
        <a href={COMMUNITY_LINK.href} target="_blank" rel="noreferrer">
          {COMMUNITY_LINK.label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <span className="footer-legal">
          <Link to="/terms">Terms</Link>
          <Link to="/privacy-policy">Privacy</Link>
        </span>
        <small>
          © {copyrightYears()} {COMPANY.name} All rights reserved.
        </small>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="footer-column" aria-label={title}>
      <h2>{title}</h2>
      <ul>{children}</ul>
    </section>
  );
}
