import { Link } from 'react-router';
import { BILLING_TEXTS } from '@portal/contracts/billing';
import { openSelectBusiness } from '../../business/index.ts';

/**
 * Billing closed to this person (spec 01 §6), as /billing says it: a sales rep is asked to select a
 * business; anyone else (an installer) is told whom to ask. Nothing is asked of the server.
 */
export function NoBillingAccess({ title, reason }: { title: string; reason: 'selectBusiness' | 'noBilling' }) {
  return (
    <div className="page invoices-page">
      <h1>{title}</h1>
      <div className="empty-state">
        {reason === 'selectBusiness' ? (
          <>
            <h2>Select a business first</h2>
            <p>{BILLING_TEXTS.selectBusiness}</p>
            <p>
              <button type="button" className="button button-primary" onClick={openSelectBusiness}>
                Select Business
              </button>
            </p>
          </>
        ) : (
          <>
            <h2>Billing is for the business’s owner and accountant</h2>
            <p>{BILLING_TEXTS.noBilling}</p>
          </>
        )}
        <p>
          <Link to="/">Back to the dashboard</Link>
        </p>
      </div>
    </div>
  );
}

/** Loading the session before the access is known: the page's heading only. */
export function AccessPending({ title }: { title: string }) {
  return (
    <div className="page invoices-page" aria-busy="true">
      <h1>{title}</h1>
    </div>
  );
}
