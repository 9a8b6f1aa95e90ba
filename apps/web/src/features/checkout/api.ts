import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checkout, CompletedCheckout, SetPaymentRequest } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { usePriceScope, type PriceScope } from '../catalog/index.ts';
import { useCartAccess } from '../cart/index.ts';

/**
 * The open cart of the session's business (spec 02 §7 last-b2b-token). The same key and call as the
 * cart feature's query (features/cart/api.ts `cartQuery`), so every choice made here also shows on
 * /cart and in the top bar's badge, and the badge goes to 0 once the order is placed.
 */
const CART_KEY = 'cart';
export const openCartQuery = (scope: PriceScope) =>
  queryOptions({
    queryKey: [CART_KEY, scope],
    queryFn: ({ signal }) => call(routes.cart.last, { signal }),
    staleTime: 30_000,
  });

/** The cart as the server prices it now: asked again on each visit, never computed here. */
export function useOpenCart() {
  const scope = usePriceScope();
  // A consumer's cart holds their plan lines (the subscription checkout reads it too).
  const { plansReady } = useCartAccess();
  return useQuery({ ...openCartQuery(scope), enabled: plansReady, refetchOnMount: 'always' });
}

/**
 * The business's addresses (spec 02 §3 business partner): `addresses` are its SHIPPING ones,
 * `defaultBillingAddress` the billing one. `limited`: the checkout needs no balances.
 */
export const checkoutPartnerQuery = (sapBpCode: string) =>
  queryOptions({
    queryKey: ['checkout', 'partner', sapBpCode],
    queryFn: ({ signal }) =>
      call(routes.businessPartners.get, { params: { id: sapBpCode }, query: { limited: 'true' }, signal }),
    staleTime: 5 * 60_000,
  });

/**
 * POST /api/users-payment-methods: the business's cards and bank accounts with COD and TERMS. Under the
 * payment methods' key, so a card added or verified on /billing shows here too.
 */
export const paymentOptionsQuery = (sapBpCode: string) =>
  queryOptions({
    queryKey: ['payment-methods', sapBpCode, 'checkout'],
    queryFn: ({ signal }) => call(routes.paymentMethods.usersPaymentMethods, { body: {}, signal }),
  });

/** Stores a choice's answer (the whole checkout, re-priced by the server) as the open cart. */
function useStoreCheckout() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  return (checkout: Checkout) =>
    queryClient.setQueryData(openCartQuery(scope).queryKey, { token: checkout.token, checkout });
}

/** Asks for the open cart again (after an answer that says it changed: prices, lines, a cleared cart). */
export function useRefreshCart() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  return () => queryClient.invalidateQueries({ queryKey: openCartQuery(scope).queryKey });
}

/** The choices of spec 02 §4 (addresses, shipping method, PO number, payment): each answers the checkout. */
export function useCheckoutChoices(token: string) {
  const store = useStoreCheckout();
  // One after another, in the order chosen (issue 27 §4): the radios stay enabled while a choice saves, so a
  // second arrow key chooses again at once; each answer is the whole re-priced checkout, and the last one
  // sent is the last one stored.
  const options = { onSuccess: store, scope: { id: `checkout-choices:${token}` } };
  return {
    shippingAddress: useMutation({
      mutationFn: (addressId: string) => call(routes.cart.shippingAddress, { params: { token }, body: { addressId } }),
      ...options,
    }),
    billingAddress: useMutation({
      mutationFn: (addressId: string) => call(routes.cart.billingAddress, { params: { token }, body: { addressId } }),
      ...options,
    }),
    shippingMethod: useMutation({
      mutationFn: (shippingMethodId: string) =>
        call(routes.cart.shippingMethod, { params: { token }, body: { shippingMethodId } }),
      ...options,
    }),
    poNumber: useMutation({
      mutationFn: (poNumber: string) => call(routes.cart.poNumber, { params: { token }, body: { poNumber } }),
      ...options,
    }),
    payment: useMutation({
      mutationFn: (choice: SetPaymentRequest) => call(routes.cart.payment, { params: { token }, body: choice }),
      ...options,
    }),
  };
}

/** One try to place the order: the cart, how it is paid, and the Idempotency-Key it is sent under. */
export interface Attempt {
  token: string;
  /** 'COD', 'TERMS' or a saved card's or bank account's id. */
  selectedPayment: string;
  key: string;
}

/**
 * complete-b2b-checkout. Not retried by itself: a retry is the person's (Place order again, or Try
 * again), always under the attempt's own key, so the server answers the first order, never a second.
 */
export function useCompleteCheckout() {
  return useMutation({
    mutationFn: ({ token, selectedPayment, key }: Attempt): Promise<CompletedCheckout> =>
      call(routes.cart.complete, {
        params: { token },
        body: { selectedPayment },
        headers: { 'Idempotency-Key': key },
      }),
  });
}

/** The cart's lines are gone once the order is placed: the open cart is none (the badge goes to 0) and is asked for again. */
export function useForgetPlacedCart() {
  const queryClient = useQueryClient();
  const scope = usePriceScope();
  return () => {
    queryClient.setQueryData(openCartQuery(scope).queryKey, { token: null, checkout: null });
    void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
  };
}
