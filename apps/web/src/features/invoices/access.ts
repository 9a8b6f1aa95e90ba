import { can, isSalesRep } from '@portal/contracts/permissions';
import { useSession } from '../session/index.ts';
import type { LedgerScope } from './api.ts';

/**
 * Who may see the invoices, credit memos and pay them (spec 01 §6 Billing: owners and the dealer's
 * accountant; sales reps once they act for a business), the ledger's scope when they may, and otherwise why not.
 */
export function useBillingAccess() {
  const { data: session, isPending } = useSession();
  const user = session?.user ?? null;
  const business = session?.selectedBusiness ?? null;
  const allowed = user !== null && business !== null && can({ user, hasSelectedBusiness: true }, 'billing');
  return {
    /** The session is still being read (the app's routes read it first; a test may not). */
    pending: isPending,
    allowed,
    business,
    scope: allowed ? ([user.id, business.sapBpCode] as LedgerScope) : null,
    /** Why not: a sales rep who has not chosen a business yet, or someone Billing is not for. */
    refusal: allowed
      ? null
      : user && isSalesRep(user) && !business
        ? ('selectBusiness' as const)
        : ('noBilling' as const),
  };
}
