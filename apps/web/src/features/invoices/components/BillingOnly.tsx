import type { ReactNode } from 'react';
import { BILLING_TEXTS } from '@portal/contracts/billing';
import { BackToDashboard, PageLoading, PageMessage } from '../../../components/PageStates.tsx';
import { openSelectBusiness } from '../../business/index.ts';
import { useBillingAccess } from '../access.ts';
import type { LedgerScope } from '../api.ts';

type Business = NonNullable<ReturnType<typeof useBillingAccess>['business']>;

/**
 * A page for Billing's people only (spec 01 §6): its heading while the session is read, the refusal for
 * anyone else, else the page with the ledger's scope and the business.
 */
export function BillingOnly({
  title,
  children,
}: {
  title: string;
  children: (access: { scope: LedgerScope; business: Business }) => ReactNode;
}) {
  const { pending, scope, business, refusal } = useBillingAccess();
  if (pending) return <PageLoading className="invoices-page" title={title} />;
  if (!scope || !business) return <NoBillingAccess title={title} reason={refusal!} />;
  return children({ scope, business });
}

/**
 * Billing closed to this person (spec 01 §6), as /billing says it: a sales rep is asked to select a
 * business; anyone else (an installer) is told whom to ask. Nothing is asked of the server.
 */
function NoBillingAccess({ title, reason }: { title: string; reason: 'selectBusiness' | 'noBilling' }) {
  return (
    <PageMessage className="invoices-page" title={title}>
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
          {/* The heading says who Billing is for; the paragraph what to do (issue 27 §12: not one sentence twice). */}
          <h2>Billing is for the business’s owner and accountant</h2>
          <p>Ask your dealer’s owner or accountant about invoices, credit memos and payments.</p>
        </>
      )}
      <BackToDashboard />
    </PageMessage>
  );
}
