export const SkipLink = () => (
  <a className="skip-link" href="#main">
    Skip to main content
  </a>
);
