import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { Address, Checkout, CompletedCheckout } from '@portal/contracts';
import { poNumberRequestSchema } from '@portal/contracts/cart';
import {
  CHECKOUT_TEXTS,
  PARTIAL_PAYMENT_NOT_ALLOWED,
  PAYMENT_ERROR,
  PO_NUMBER_MAX,
  shippingMethodLabel,
} from '@portal/contracts/checkout-rules';
import { formatMoney } from '@portal/contracts/format';
import { can } from '@portal/contracts/permissions';
import { alerts } from '../../components/alerts.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/form/Field.tsx';
import { FormLayout, ProblemAlert } from '../../components/FormLayout.tsx';
import { useDelayedValidation } from '../../components/form/useDelayedValidation.ts';
import { withoutEmoji } from '../../components/form/withoutEmoji.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { useAttemptKey } from '../../lib/uuid.ts';
import { openSelectBusiness } from '../business/index.ts';
import { useCartAccess } from '../cart/index.ts';
import { useSession } from '../session/index.ts';
import {
  checkoutPartnerQuery,
  paymentOptionsQuery,
  useCheckoutChoices,
  useCompleteCheckout,
  useForgetPlacedCart,
  useOpenCart,
  useRefreshCart,
  type Attempt,
} from './api.ts';
import { saveConfirmation } from './confirmation.ts';
import { chosenValueOf, paymentOptionsOf, type PaymentOption } from './paymentOptions.ts';
import { AddressText } from '../../components/order/AddressText.tsx';
import { AddressChoices } from './components/AddressChoices.tsx';
import { Choice } from './components/Choice.tsx';
import { OrderLines } from './components/OrderLines.tsx';
import { OrderTotals } from '../../components/order/OrderTotals.tsx';
import { PaymentSection, type PaymentProblem } from './components/PaymentSection.tsx';
import './checkout.css';

export const COMPLETE_PATH = '/cart/checkout/products/complete';

/** What the person reads when the answer to Place order never came (the order may exist). */
export const NO_ANSWER_TEXT =
  'We could not reach the server, so we do not know yet whether your order was placed. Press Place order again: it will not be placed twice.';

/** Refusals that are about how the order is paid: they show under the payment section. */
const PAYMENT_REFUSALS = new Set<string>([
  CHECKOUT_TEXTS.termsPastDue,
  CHECKOUT_TEXTS.termsNoCredit,
  CHECKOUT_TEXTS.bankUnverified,
  CHECKOUT_TEXTS.cardExpired,
  CHECKOUT_TEXTS.paymentMethodNotFound,
  CHECKOUT_TEXTS.choosePayment,
  CHECKOUT_TEXTS.paymentChanged,
]);
const isPaymentRefusal = (detail: string) =>
  PAYMENT_REFUSALS.has(detail) || detail.startsWith('Terms are not available');

/** /cart/checkout/products, Purchase Products (spec 02 §2, §4): the B2B product checkout of the open cart. */
export default function CheckoutPage() {
  const access = useCartAccess();
  const cart = useOpenCart();
  const checkout = cart.data?.checkout ?? null;
  // Once placed, the emptied cart is not shown while the confirmation opens.
  const [placed, setPlaced] = useState(false);

  return (
    <div className="page checkout-page">
      <h1>Purchase Products</h1>
      {placed ? (
        <p className="centered-status" role="status">
          Order placed. Opening your confirmation…
        </p>
      ) : !access.buyer ? (
        <div className="empty-state">
          <h2>No checkout for this account</h2>
          <p>{access.refusal}</p>
        </div>
      ) : access.needsBusiness ? (
        <div className="empty-state">
          <h2>Select a business to check out</h2>
          <p>An order belongs to the business you buy for.</p>
          <button type="button" className="button button-primary" onClick={openSelectBusiness}>
            Select Business
          </button>
        </div>
      ) : cart.isError ? (
        <LoadError what="your cart" onRetry={() => void cart.refetch()} />
      ) : cart.isPending ? (
        <div aria-busy="true" aria-label="Checkout loading">
          <div className="checkout-skeleton" />
          <div className="checkout-skeleton" />
        </div>
      ) : !checkout || checkout.lines.length === 0 ? (
        <div className="empty-state">
          <h2>Your cart is empty</h2>
          <p>
            There is nothing to check out yet. <Link to="/search">Search products</Link> and add them to your cart, or
            use <Link to="/search?qo=1">Quick order</Link> to add many at once.
          </p>
        </div>
      ) : (
        <CheckoutForm key={checkout.token} checkout={checkout} onPlaced={() => setPlaced(true)} />
      )}
    </div>
  );
}

/** The checkout's sections and the order summary, for a cart with lines. */
function CheckoutForm({ checkout, onPlaced }: { checkout: Checkout; onPlaced: () => void }) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const sapBpCode = checkout.businessPartner.sapBpCode;
  const partner = useQuery(checkoutPartnerQuery(sapBpCode));
  const methods = useQuery(paymentOptionsQuery(sapBpCode));
  const choices = useCheckoutChoices(checkout.token);
  const complete = useCompleteCheckout();
  const refreshCart = useRefreshCart();
  const forgetPlacedCart = useForgetPlacedCart();

  const user = session?.user ?? null;
  const canAddCard = user !== null && can({ user, hasSelectedBusiness: true }, 'billing');
  const paymentOptions = methods.data ? paymentOptionsOf(methods.data) : undefined;

  // The payment chosen here; until then, the one the checkout holds (set-b2b-payment) while it is still
  // one of the ways to pay (a card removed or expired since is not chosen for the person).
  const [picked, setPicked] = useState<string | null>(null);
  const held = chosenValueOf(checkout.payment);
  const heldUsable = paymentOptions?.some((option) => option.value === held && option.unusable === null) ?? false;
  const selected = choices.payment.isPending
    ? (choices.payment.variables.paymentMethodId ?? choices.payment.variables.gateway)
    : (picked ?? (heldUsable ? held : null));
  const [paymentProblem, setPaymentProblem] = useState<(PaymentProblem & { focus: boolean }) | null>(null);
  const [placeProblem, setPlaceProblem] = useState<string[] | null>(null);
  const paymentProblemRef = useRef<HTMLDivElement>(null);
  const placeProblemRef = useRef<HTMLDivElement>(null);

  // spec 01 §8 and WCAG: a refusal after Place order takes the focus, so it is read first.
  useEffect(() => {
    if (paymentProblem?.focus) paymentProblemRef.current?.focus();
  }, [paymentProblem]);
  useEffect(() => {
    if (placeProblem) placeProblemRef.current?.focus();
  }, [placeProblem]);

  /**
   * One Idempotency-Key per attempt to place the order (lib/uuid.ts): a change the person makes (payment,
   * addresses, shipping, PO number, the cart) starts a new attempt with a new key.
   */
  const changes = useRef(0);
  const attempt = useAttemptKey();
  const placing = useRef(false);
  const changed = () => {
    changes.current += 1;
    setPlaceProblem(null);
  };
  function keyFor(selectedPayment: string) {
    // The person's own changes count in `changes`; the rest is the cart as the server holds it (another
    // tab may have changed its lines, and so its total).
    const fingerprint = JSON.stringify([
      changes.current,
      checkout.token,
      selectedPayment,
      checkout.shippingAddress?.id,
      checkout.billingAddress?.id,
      checkout.currentShippingMethod.id,
      checkout.lines.map((line) => [line.id, line.quantity]),
      checkout.totalPrice.cents,
    ]);
    return attempt.keyFor(fingerprint);
  }

  // ---- PO number (spec 02 §5): checked as typed (spec 01 §5, a second after typing stops), saved on leaving.
  const poForm = useForm<{ poNumber: string }>({
    resolver: zodResolver(poNumberRequestSchema),
    defaultValues: { poNumber: checkout.poNumber ?? '' },
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  useDelayedValidation(poForm);
  // What the server holds, and the save on its way: leaving the field for Place order starts a save (blur)
  // that Place order then waits for, rather than sending the same number twice.
  const savedPoNumber = useRef(checkout.poNumber ?? '');
  const poNumberSave = useRef<{ value: string; done: Promise<boolean> } | null>(null);
  /** Saves the PO number when it changed; false when it is not valid or was not saved. */
  async function savePoNumber(): Promise<boolean> {
    if (!(await poForm.trigger('poNumber'))) return false;
    const poNumber = poForm.getValues('poNumber').trim();
    if (poNumberSave.current?.value === poNumber) return poNumberSave.current.done;
    if (poNumber === savedPoNumber.current) return true;
    const done = choices.poNumber.mutateAsync(poNumber).then(
      () => {
        savedPoNumber.current = poNumber;
        changed();
        return true;
      },
      (error: unknown) => {
        poForm.setError('poNumber', { type: 'server', message: alertLinesFor(error).join(' ') });
        return false;
      },
    );
    poNumberSave.current = { value: poNumber, done };
    void done.then(() => {
      if (poNumberSave.current?.done === done) poNumberSave.current = null;
    });
    return done;
  }

  // ---- The choices of spec 02 §4: each answer is the re-priced checkout.
  const failedChoice = (error: unknown) => {
    alerts.showError(error);
    void refreshCart();
  };
  const chooseShippingAddress = (addressId: string) => {
    changed();
    choices.shippingAddress.mutate(addressId, { onError: failedChoice });
  };
  const chooseBillingAddress = (addressId: string) => {
    changed();
    choices.billingAddress.mutate(addressId, { onError: failedChoice });
  };
  const chooseShippingMethod = (methodId: string) => {
    changed();
    choices.shippingMethod.mutate(methodId, { onError: failedChoice });
  };
  const choosePayment = (option: PaymentOption) => {
    changed();
    setPicked(option.value);
    setPaymentProblem(null);
    const byMethod = option.gateway === 'CARD' || option.gateway === 'BANK_ACCOUNT';
    choices.payment.mutate(
      {
        gateway: option.gateway,
        paymentMethodId: byMethod ? option.value : undefined,
        amount: checkout.totalPrice.cents,
      },
      {
        // A refusal now (terms over the credit line, past due) says why before the order is placed.
        onError: (error) => {
          const body = error instanceof ApiError ? error.body : null;
          if (body?.code === PARTIAL_PAYMENT_NOT_ALLOWED) void refreshCart();
          const invalid = body?.detail !== undefined && body.code !== PARTIAL_PAYMENT_NOT_ALLOWED;
          setPaymentProblem({
            value: invalid ? option.value : null,
            message: alertLinesFor(error).join(' '),
            focus: false,
          });
        },
      },
    );
  };

  // A choice that re-prices the order is awaited before Place order (the total shown is the one placed);
  // the PO number's save is not: Place order waits for it itself.
  const saving =
    choices.shippingAddress.isPending ||
    choices.billingAddress.isPending ||
    choices.shippingMethod.isPending ||
    choices.payment.isPending;

  // ---- Place order (spec 02 §4 complete, §8 errors).
  async function placeOrder() {
    if (placing.current) return; // a second click while the first is on its way
    placing.current = true;
    setPlaceProblem(null);
    try {
      if (!(await savePoNumber())) {
        poForm.setFocus('poNumber');
        return;
      }
      if (!selected) {
        setPaymentProblem({ value: null, message: CHECKOUT_TEXTS.choosePayment, focus: true });
        return;
      }
      if (paymentProblem && paymentProblem.value === selected) {
        setPaymentProblem({ ...paymentProblem, focus: true });
        return;
      }
      const current: Attempt = { token: checkout.token, selectedPayment: selected, key: keyFor(selected) };
      let confirmation: CompletedCheckout;
      try {
        confirmation = await complete.mutateAsync(current);
      } catch (error) {
        return refused(error, current);
      }
      saveConfirmation(confirmation);
      attempt.forget();
      onPlaced();
      await navigate(COMPLETE_PATH, { replace: true });
      forgetPlacedCart();
    } finally {
      placing.current = false;
    }
  }

  function refused(error: unknown, current: Attempt) {
    // No answer, a server failure, or the first try still running: the outcome is not known, so the
    // attempt keeps its key and Place order again asks the server what became of it.
    if (!(error instanceof ApiError)) return setPlaceProblem([NO_ANSWER_TEXT]);
    if (error.status >= 500 || error.body?.detail === CHECKOUT_TEXTS.inProgress)
      return setPlaceProblem(alertLinesFor(error));
    const detail = error.body?.detail ?? '';
    const code = error.body?.code;
    if (code === PAYMENT_ERROR) {
      // spec 02 §8: the processor's words as sent; the payment is marked invalid; the cart stays.
      void refreshCart();
      return setPaymentProblem({ value: current.selectedPayment, message: detail, focus: true });
    }
    if (code === PARTIAL_PAYMENT_NOT_ALLOWED) {
      void refreshCart();
      return setPaymentProblem({ value: null, message: detail, focus: true });
    }
    if (isPaymentRefusal(detail))
      return setPaymentProblem({ value: current.selectedPayment, message: detail, focus: true });
    // The key was used for another request (422): the next try is a new attempt.
    if (error.status === 422) attempt.forget();
    // Not available any more, a cart cleared elsewhere: show the cart as it is now.
    if (error.status === 409 || error.status === 404 || error.status === 400) void refreshCart();
    setPlaceProblem(alertLinesFor(error));
  }

  const shippingAddresses = partner.data?.addresses ?? [];
  const billingAddresses = billingChoicesOf(partner.data?.defaultBillingAddress ?? null, shippingAddresses);
  const shippingAddressId = choices.shippingAddress.isPending
    ? choices.shippingAddress.variables
    : (checkout.shippingAddress?.id ?? null);
  const billingAddressId = choices.billingAddress.isPending
    ? choices.billingAddress.variables
    : (checkout.billingAddress?.id ?? null);
  const shippingMethodId = choices.shippingMethod.isPending
    ? choices.shippingMethod.variables
    : checkout.currentShippingMethod.id;
  const busy = complete.isPending;
  const poError = poForm.formState.errors.poNumber?.message;

  return (
    <>
      <p className="muted checkout-buyer">
        Buying for {checkout.businessPartner.companyName} ({checkout.businessPartner.sapBpCode})
      </p>
      <FormLayout
        className="checkout-layout"
        summaryTitle="Order summary"
        summary={
          <>
            <OrderLines
              caption="Items in this order"
              lines={checkout.lines.map((line) => ({
                id: line.id,
                name: line.product.name,
                sku: line.product.sku,
                quantity: line.quantity,
                unitCents: line.product.price.cents,
                totalCents: line.total.cents,
              }))}
            />
            <OrderTotals
              totals={{
                subtotalCents: checkout.subtotal.cents,
                shippingCents: checkout.shippingPrice.cents,
                shippingMethodName: checkout.currentShippingMethod.name,
                tax: checkout.tax,
                totalCents: checkout.totalPrice.cents,
              }}
            />
            {placeProblem && <ProblemAlert focusRef={placeProblemRef} lines={placeProblem} />}
            <Button
              className="form-layout-submit"
              loading={busy}
              disabled={saving}
              aria-describedby={saving ? 'checkout-saving' : undefined}
              onClick={() => void placeOrder()}
            >
              Place order
            </Button>
            {saving && (
              <p id="checkout-saving" className="muted small" role="status">
                Saving your choices…
              </p>
            )}
            <p className="checkout-note">
              <Link to="/cart">Back to cart</Link>
            </p>
          </>
        }
      >
        <fieldset className="form-section" aria-busy={choices.shippingAddress.isPending || undefined}>
          <legend>
            <h2 className="form-section-title">Shipping address</h2>
          </legend>
          {shippingAddresses.length > 0 ? (
            <AddressChoices
              name="shippingAddress"
              addresses={shippingAddresses}
              chosenId={shippingAddressId}
              defaultId={partner.data?.defaultShippingAddress?.id}
              defaultLabel="Default"
              disabled={busy || choices.shippingAddress.isPending}
              onChoose={chooseShippingAddress}
            />
          ) : checkout.shippingAddress ? (
            <p className="checkout-fixed">
              <AddressText address={checkout.shippingAddress} />
            </p>
          ) : partner.isPending ? (
            <p className="muted">Loading addresses…</p>
          ) : (
            <p>{CHECKOUT_TEXTS.noShippingAddress} This business has no shipping address on file.</p>
          )}
        </fieldset>

        <fieldset className="form-section" aria-busy={choices.shippingMethod.isPending || undefined}>
          <legend>
            <h2 className="form-section-title">Shipping method</h2>
          </legend>
          <div className="choices">
            {checkout.shippingMethods.map((method) => (
              <Choice
                key={method.id}
                name="shippingMethod"
                value={method.id}
                checked={shippingMethodId === method.id}
                disabled={busy || choices.shippingMethod.isPending}
                onChoose={chooseShippingMethod}
              >
                <span className="choice-title">{shippingMethodLabel(method.name)}</span>
                <span className="choice-price">
                  {method.price.cents === 0 ? 'Free' : formatMoney(method.price.cents)}
                </span>
              </Choice>
            ))}
          </div>
        </fieldset>

        <fieldset className="form-section" aria-busy={choices.billingAddress.isPending || undefined}>
          <legend>
            <h2 className="form-section-title">Billing address</h2>
          </legend>
          {billingAddresses.length > 1 ? (
            <AddressChoices
              name="billingAddress"
              addresses={billingAddresses}
              chosenId={billingAddressId}
              defaultId={partner.data?.defaultBillingAddress?.id}
              defaultLabel="Default billing"
              disabled={busy || choices.billingAddress.isPending}
              onChoose={chooseBillingAddress}
            />
          ) : (checkout.billingAddress ?? billingAddresses[0]) ? (
            <p className="checkout-fixed">
              <AddressText address={(checkout.billingAddress ?? billingAddresses[0])!} />
            </p>
          ) : (
            <p className="muted">No billing address on file.</p>
          )}
        </fieldset>

        <section className="form-section" aria-labelledby="po-number-heading">
          <h2 id="po-number-heading" className="form-section-title">
            PO number
          </h2>
          <form
            className="form checkout-po"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void savePoNumber();
            }}
          >
            <Field
              label="Purchase order number"
              optional
              hint="Your own reference; it shows on the order and the invoice."
              error={poError}
            >
              <input
                type="text"
                maxLength={PO_NUMBER_MAX}
                autoComplete="off"
                disabled={busy}
                {...withoutEmoji(poForm.register('poNumber', { onBlur: () => void savePoNumber() }))}
              />
            </Field>
          </form>
        </section>

        <PaymentSection
          options={paymentOptions}
          loadFailed={methods.isError}
          onRetryLoad={() => void methods.refetch()}
          selected={selected}
          problem={paymentProblem}
          problemRef={paymentProblemRef}
          disabled={busy || choices.payment.isPending}
          canAddCard={canAddCard}
          onChoose={choosePayment}
        />
      </FormLayout>
    </>
  );
}

/** spec 02 §4: the billing address is the business's default billing one, or another of its addresses. */
function billingChoicesOf(defaultBilling: Address | null, shipping: Address[]): Address[] {
  const all = defaultBilling ? [defaultBilling, ...shipping] : shipping;
  return all.filter((address, i) => all.findIndex((other) => other.id === address.id) === i);
}
