import { can, isSalesRep } from '@portal/contracts/permissions';
import { BackToDashboard, PageMessage } from '../../components/PageStates.tsx';
import { useSession } from '../session/index.ts';
import { BillingSummary } from './BillingSummary.tsx';
import { PaymentMethodsSection } from './PaymentMethodsSection.tsx';
import { PlanSalesSection } from './PlanSalesSection.tsx';
import './billing.css';

/**
 * /billing (spec 02 §2; issues 18 and 19): the business's account from the ledger (balance, credit limit,
 * past-due and open invoices, credit memos, the discount open now) with the ways to its invoices, credit
 * memos and paying them; then its cards and bank accounts; then its plan sales (issue 30 item 3).
 */
export default function BillingPage() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const business = session?.selectedBusiness ?? null;
  // spec 01 §6 profile menu: owners and the dealer's accountant, sales reps once they act for a business.
  const allowed = !!user && business !== null && can({ user, hasSelectedBusiness: true }, 'billing');

  if (!allowed)
    return (
      <PageMessage className="billing" title="Billing">
        <h2>
          {user && isSalesRep(user) ? 'Select a business first' : 'Billing is for the business’s owner and accountant'}
        </h2>
        <p>
          {user && isSalesRep(user)
            ? 'Choose the business you act for with Select Business in the top bar.'
            : 'Ask your dealer’s owner or accountant about cards, bank accounts and invoices.'}
        </p>
        <BackToDashboard />
      </PageMessage>
    );

  return (
    <div className="page billing">
      <h1>Billing</h1>
      <p className="muted">
        {business.companyName} · {business.sapBpCode}
        {session?.impersonatedUser &&
          ` · acting as ${session.impersonatedUser.first_name} ${session.impersonatedUser.last_name}`}
      </p>
      <BillingSummary key={`summary-${business.sapBpCode}`} scope={[user.id, business.sapBpCode]} />
      <PaymentMethodsSection
        key={business.sapBpCode}
        sapBpCode={business.sapBpCode}
        defaultCountry={session?.site === 'ca' ? 'CA' : 'US'}
      />
      <PlanSalesSection key={`plan-sales-${business.sapBpCode}`} sapBpCode={business.sapBpCode} />
    </div>
  );
}
