import { Link } from 'react-router';

/** A ledger list's heading, with the ways to Billing and to the other list. */
export function LedgerHead({ title, other }: { title: string; other: { to: string; label: string } }) {
  return (
    <div className="ledger-head">
      <h1>{title}</h1>
      <p className="ledger-head-links">
        <Link to="/billing">Billing</Link>
        <Link to={other.to}>{other.label}</Link>
      </p>
    </div>
  );
}
