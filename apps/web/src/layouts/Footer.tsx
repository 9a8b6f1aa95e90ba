import { PageLink } from '../components/PageLink.tsx';
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
              <PageLink to={categoryHref(c.slug, approvedBrands)}>{c.name}</PageLink>
            </li>
          ))}
          <li>
            <PageLink to="/search">All products</PageLink>
          </li>
        </FooterColumn>
        <FooterColumn title="Brands">
          {menu.data?.brands.slice(0, FOOTER_CATEGORY_COUNT).map((b) => (
            <li key={b.slug}>
              <PageLink to={brandHref(b.slug, approvedBrands)}>{b.name}</PageLink>
            </li>
          ))}
          <li>
            <PageLink to="/search">All brands</PageLink>
          </li>
        </FooterColumn>
        <FooterColumn title="Services">
          {SERVICES_LINKS.map((link) => (
            <li key={link.to}>
              <PageLink to={link.to}>{link.label}</PageLink>
            </li>
          ))}
          <li>
            <PageLink to="/contact-us">Contact Us</PageLink>
          </li>
          <li>
            <PageLink to="/return-policy">Return Policy</PageLink>
          </li>
        </FooterColumn>
        <FooterColumn title="Installation">
          <li>
            <PageLink to="/wiring">Wiring</PageLink>
          </li>
          <li>
            <PageLink to="/activation">Activation</PageLink>
          </li>
          <li>
            <PageLink to="/installer-guides">Installer Guides</PageLink>
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
            <PageLink to="/my-orders">My Orders</PageLink>
          </li>
          <li>
            <PageLink to="/profile">My Profile</PageLink>
          </li>
          <li>
            <PageLink to="/billing">Billing</PageLink>
          </li>
          <li>
            <PageLink to="/dealer-request">Become a Dealer</PageLink>
          </li>
        </FooterColumn>
      </div>
      <div className="footer-bottom">
        <a href={COMMUNITY_LINK.href} target="_blank" rel="noreferrer">
          {COMMUNITY_LINK.label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <span className="footer-legal">
          <PageLink to="/terms">Terms</PageLink>
          <PageLink to="/privacy-policy">Privacy</PageLink>
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
