import { can, isSalesRep } from '@portal/contracts/permissions';
import { ORDER_TEXTS } from '@portal/contracts/orders';
import { useSession } from '../session/index.ts';

/**
 * Who may see My Orders and its orders (spec 01 §6: purchasing rights; a sales rep once a business is
 * selected), who may reorder (purchasing rights), and, for the others, why not in the server's words.
 */
export function useOrdersAccess() {
  const { data: session, isPending } = useSession();
  const user = session?.user ?? null;
  const viewer = user ? { user, hasSelectedBusiness: Boolean(session?.selectedBusiness) } : null;
  const allowed = viewer !== null && can(viewer, 'myOrders');
  return {
    /** The session is still being read (the app's routes read it first; a test may not). */
    pending: isPending,
    allowed,
    canReorder: allowed && can(viewer, 'purchase'),
    refusal: allowed
      ? null
      : user && isSalesRep(user) && !session?.selectedBusiness
        ? ORDER_TEXTS.selectBusiness
        : ORDER_TEXTS.noOrders,
  };
}
