import type { ReactNode } from 'react';
import { PrintLetterhead } from './PrintLetterhead.tsx';
import { PageMessage } from './PageStates.tsx';
import './Confirmation.css';

/**
 * The page after something was done for good (an order placed, invoices paid), read back from this
 * browser's storage so a reload still shows it: thanks with the facts that identify it, its details, the
 * ways on, and Print. `className` is the page's own (its colours and print rules).
 */
export function Confirmation({
  className,
  title,
  lead,
  facts,
  note,
  actionsClassName,
  actions,
  children,
}: {
  className: string;
  title: string;
  /** The thanks, with the number that identifies what was done. */
  lead: ReactNode;
  /** Rows of a definition list: what it was, when, for whom. */
  facts: ReactNode;
  /** Where the copy goes. */
  note: string;
  actionsClassName: string;
  /** The ways on (links); Print comes last. */
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`page confirmation ${className}`}>
      <PrintLetterhead />
      <h1>{title}</h1>
      <div className="success-panel confirmation-thanks">
        <p className="confirmation-lead">{lead}</p>
        <dl className="details">{facts}</dl>
        <p className="muted">{note}</p>
      </div>
      {children}
      <div className={`button-row ${actionsClassName}`}>
        {actions}
        <button type="button" className="button button-link" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </div>
  );
}

/** The confirmation page when this browser keeps none (another browser, signed out since): where to look. */
export function NoConfirmation({
  className,
  title,
  heading,
  children,
}: {
  className: string;
  title: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <PageMessage className={`confirmation ${className}`} title={title}>
      <h2>{heading}</h2>
      <p>{children}</p>
    </PageMessage>
  );
}
