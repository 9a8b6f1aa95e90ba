import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { Trail, type TrailStep } from '../../components/Trail.tsx';

/**
 * One slide of the wiring area: it slides in from the right when chosen (spec 01 §2.6: the
 * default direction is selection-right) and from the left when the browser steps back; with
 * reduced motion it just appears. When the slide changes, focus moves to its heading so a
 * screen reader announces where the user is.
 */
export function SlideFrame({ children }: { children: ReactNode }) {
  const location = useLocation();
  const direction = useNavigationType() === 'POP' ? 'left' : 'right';
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    ref.current?.querySelector<HTMLElement>('h1, h2')?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [location.search]);
  return (
    <div ref={ref} key={location.search} className={`slide slide-from-${direction}`}>
      {children}
    </div>
  );
}

export type { TrailStep };

/** The wiring area's own breadcrumbs: every size of screen, since the back button follows them. */
export const SlideTrail = ({ steps }: { steps: TrailStep[] }) => (
  <Trail steps={steps} label="Wiring steps" className="slide-trail" />
);

/** A slide's heading: focusable so the frame can move focus to it. */
export function SlideHeading({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <header className="slide-header">
      <h1 tabIndex={-1}>{children}</h1>
      {sub && <p className="slide-sub">{sub}</p>}
    </header>
  );
}

/** Loading, empty and failed states, each saying what to do next. */
export function SlideLoading({ label }: { label: string }) {
  return (
    <div className="slide-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </div>
  );
}

export function SlideEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** Documents and guides: links that open in a new tab, said so for screen readers. */
export function DocumentList({ documents, label }: { documents: { title: string; url: string }[]; label?: string }) {
  return (
    <ul className="document-list" aria-label={label}>
      {documents.map((doc) => (
        <li key={doc.url}>
          <a href={doc.url} target="_blank" rel="noreferrer">
            {doc.title}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
