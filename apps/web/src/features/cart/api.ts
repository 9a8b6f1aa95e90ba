import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AddLinesRequest,
  AddPastedRequest,
  Checkout,
  MatchPastedRequest,
  PutSubscriptionLine,
} from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { CART_TEXTS, cartItemCount } from '@portal/contracts/cart-rules';
import { messages } from '@portal/contracts/messages';
import { canBuyPlans, canPurchase, isConsumer, type PortalUser } from '@portal/contracts/permissions';
import { useNavigate } from 'react-router';
import { ApiError, call } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { sessionQuery, useSession } from '../session/index.ts';
import { usePriceScope, type PriceScope } from '../catalog/index.ts';
import { openSelectBusiness } from '../business/index.ts';

/**
 * The open cart of the session's business (spec 02 §7 last-b2b-token, with the cart itself so
 * the badge needs one call). Keyed by the price scope: a new business or user asks again, and
 * the business change refetches it (the server cleared it, spec 02 §4).
 */
export const cartQuery = (scope: PriceScope) =>
  queryOptions({
    queryKey: ['cart', scope],
    queryFn: ({ signal }) => call(routes.cart.last, { signal }),
    staleTime: 30_000,
  });

/**
 * Who may hold a cart (spec 01 §6, spec 02 §4): purchasing rights, and a business to buy for —
 * a sales rep without one is asked to select it. Plans (issue 30) also for a consumer, on their own
 * account (contracts' canBuyPlans): their cart holds plan lines only. The server decides the same on
 * every call.
 */
export function useCartAccess() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const buyer = user !== null && canPurchase(user);
  const planBuyer = user !== null && canBuyPlans(user);
  const hasBusiness = Boolean(session?.selectedBusiness);
  return {
    signedIn: user !== null,
    /** May buy products. */
    buyer,
    /** May buy plans (every buyer, and a consumer). */
    planBuyer,
    needsBusiness: planBuyer && !hasBusiness,
    /** Products may go into the cart now. */
    ready: buyer && hasBusiness,
    /** The cart (its plan lines at least) may be read and plans put in it now. */
    plansReady: planBuyer && hasBusiness,
    /** Why a signed-in user cannot buy products, in words that fit them (the server answers the same). */
    refusal: user && !buyer ? noPurchaseText(user) : null,
    /** Why a signed-in user cannot buy plans. */
    planRefusal: user && !planBuyer ? noPurchaseText(user) : null,
  };
}

/** spec 02 §1: consumers (B2C) skip the product checkout; they activate their own devices and buy plans. */
export { isConsumer };

/** Why this user cannot buy products: a consumer never does; dealer staff need their owner's grant. */
export const noPurchaseText = (user: PortalUser) =>
  isConsumer(user) ? messages.consumerNoProductCheckout : CART_TEXTS.noPurchasingRights;

export function useCart() {
  const scope = usePriceScope();
  const { plansReady } = useCartAccess();
  return useQuery({ ...cartQuery(scope), enabled: plansReady });
}

/** spec 02 §9: the badge counts the cart's product items plus its subscription lines. */
export const useCartCount = () => cartItemCount(useCart().data?.checkout);

const isGone = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.body?.detail === CART_TEXTS.checkoutNotFound;

function storeCart(queryClient: QueryClient, scope: PriceScope, checkout: Checkout) {
  queryClient.setQueryData(cartQuery(scope).queryKey, { token: checkout.token, checkout });
}

/**
 * Adds lines to the cart, opening it when there is none (or when the one we knew was cleared
 * meanwhile, e.g. by a business change in another tab). A rep without a business gets the
 * select-business modal instead (spec 01 §6); `add` then answers null. Success and failure are
 * announced in the alert bar.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  const { needsBusiness } = useCartAccess();
  const mutation = useMutation({
    mutationFn: async (lines: AddLinesRequest['lines']) => {
      const { token } = await queryClient.fetchQuery(cartQuery(scope));
      if (token) {
        try {
          return await call(routes.cart.addLines, { params: { token }, body: { lines } });
        } catch (error) {
          if (!isGone(error)) throw error;
        }
      }
      return call(routes.cart.create, { body: { lines } });
    },
    onSuccess: (checkout) => storeCart(queryClient, scope, checkout),
  });
  const navigate = useNavigate();
  /** Adds and says so (or shows why not); rejects on failure, so a Button shows no checkmark. */
  const add = async (lines: AddLinesRequest['lines']): Promise<Checkout | null> => {
    if (needsBusiness) {
      openSelectBusiness();
      return null;
    }
    try {
      const checkout = await mutation.mutateAsync(lines);
      alerts.show({
        type: 'success',
        content: CART_TEXTS.added,
        action: { text: 'View cart', onClick: () => void navigate('/cart') },
      });
      return checkout;
    } catch (error) {
      // The business changed under this tab (spec 02 §4): show the session and cart as they are now.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      alerts.showError(error);
      throw error;
    }
  };
  return { add, isPending: mutation.isPending };
}

/** Changes to the lines of the open cart: the answer is the cart as it is now. */
export function useCartLineChanges(token: string) {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  const options = {
    onSuccess: (checkout: Checkout) => storeCart(queryClient, scope, checkout),
    // A cart cleared elsewhere: show what the server has now.
    onError: (error: unknown) => {
      if (isGone(error)) void queryClient.invalidateQueries({ queryKey: cartQuery(scope).queryKey });
    },
  };
  const update = useMutation({
    mutationFn: ({ lineId, quantity }: { lineId: string; quantity: number }) =>
      call(routes.cart.updateLines, { params: { token }, body: { lines: [{ lineId, quantity }] } }),
    ...options,
  });
  const remove = useMutation({
    mutationFn: (lineId: string) => call(routes.cart.deleteLines, { params: { token }, body: { lineId } }),
    ...options,
  });
  return { update, remove };
}

/**
 * issue 30 item 2: a device's plan line in the cart (the cart is opened when there is none; a device already in it
 * gets its line replaced), and taking it out. The answer is the cart as it is now.
 */
export function useSubscriptionLines() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  const options = { onSuccess: (checkout: Checkout) => storeCart(queryClient, scope, checkout) };
  const put = useMutation({
    mutationFn: (line: PutSubscriptionLine) => call(routes.cart.putSubscriptionLine, { body: line }),
    ...options,
  });
  const remove = useMutation({
    mutationFn: (deviceKey: string) => call(routes.cart.deleteSubscriptionLine, { params: { device_key: deviceKey } }),
    ...options,
    onError: () => void queryClient.invalidateQueries({ queryKey: cartQuery(scope).queryKey }),
  });
  return { put, remove };
}

/**
 * issue 33 item 3: quick order from a pasted list. `match` asks what each pasted line is for the session's business
 * (its prices, stock and what may be bought: the server decides); `add` puts every line that can be bought into the
 * cart in one call, under the attempt's Idempotency-Key (a double click adds once), and keeps the cart it answers.
 */
export function usePastedOrder() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  const { needsBusiness } = useCartAccess();
  const match = useMutation({
    mutationFn: (lines: MatchPastedRequest['lines']) => call(routes.cart.matchPasted, { body: { lines } }),
  });
  const add = useMutation({
    mutationFn: ({ lines, key }: { lines: AddPastedRequest['lines']; key: string }) =>
      call(routes.cart.addPasted, { body: { lines }, headers: { 'idempotency-key': key } }),
    onSuccess: (answer) => storeCart(queryClient, scope, answer.checkout),
    onError: (error) => {
      // The business changed under this tab (spec 02 §4): show the session and cart as they are now.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
  return { match, add, needsBusiness };
}
