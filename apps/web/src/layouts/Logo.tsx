import { PageLink } from '../components/PageLink.tsx';

/** The portal's mark: a navy tile with the amber P. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="currentColor" />
      <path
        d="M9 22V10h6.5a4.5 4.5 0 0 1 0 9H12"
        fill="none"
        stroke="#fca311"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ dark = false }: { dark?: boolean }) {
  return (
    <PageLink to="/" className={`logo ${dark ? 'logo-dark' : ''}`} aria-label="Dealer Portal home">
      <LogoMark />
      <span className="logo-text">Dealer Portal</span>
    </PageLink>
  );
}
