import { Link } from 'react-router';

export interface TrailStep {
  label: string;
  to: string;
}

/** A trail of links ending in the current page; nothing with fewer than two steps. */
export function Trail({ steps, label, className }: { steps: TrailStep[]; label: string; className: string }) {
  if (steps.length < 2) return null;
  return (
    <nav className={className} aria-label={label}>
      <ol>
        {steps.map((step, i) => (
          <li key={step.to}>
            {i === steps.length - 1 ? (
              <span aria-current="page">{step.label}</span>
            ) : (
              <Link to={step.to}>{step.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
