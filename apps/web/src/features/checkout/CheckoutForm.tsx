import { useQuery } from '@tanstack/react-query';
import type { Checkout } from '@portal/contracts';
import { can } from '@portal/contracts/permissions';
import { alerts } from '../../components/alerts.ts';
import { FormLayout } from '../../components/FormLayout.tsx';
import { useSession } from '../session/index.ts';
import { checkoutPartnerQuery, paymentOptionsQuery, useCheckoutChoices, useRefreshCart } from './api.ts';
import type { ChoiceMutation } from './choices.ts';
import { BillingAddressSection } from './components/BillingAddressSection.tsx';
import { OrderSummary } from './components/OrderSummary.tsx';
import { PaymentSection } from './components/PaymentSection.tsx';
import { PoNumberSection } from './components/PoNumberSection.tsx';
import { ShippingAddressSection } from './components/ShippingAddressSection.tsx';
import { ShippingMethodSection } from './components/ShippingMethodSection.tsx';
import { paymentOptionsOf } from './paymentOptions.ts';
import { usePaymentChoice } from './usePaymentChoice.ts';
import { usePlaceOrder } from './usePlaceOrder.ts';
import { usePoNumber } from './usePoNumber.ts';

/** The checkout's sections and the order summary, for a cart with lines. */
export function CheckoutForm({ checkout, onPlaced }: { checkout: Checkout; onPlaced: () => void }) {
  const { data: session } = useSession();
  const sapBpCode = checkout.businessPartner.sapBpCode;
  const partner = useQuery(checkoutPartnerQuery(sapBpCode));
  const methods = useQuery(paymentOptionsQuery(sapBpCode));
  const choices = useCheckoutChoices(checkout.token);
  const refreshCart = useRefreshCart();
  const user = session?.user ?? null;
  const canAddCard = user !== null && can({ user, hasSelectedBusiness: true }, 'billing');
  const paymentOptions = methods.data ? paymentOptionsOf(methods.data, { canManage: canAddCard }) : undefined;

  const order = usePlaceOrder(checkout, onPlaced);
  const poNumber = usePoNumber(checkout, choices.poNumber, order.changed);
  const payment = usePaymentChoice(checkout, paymentOptions, choices.payment, { onChange: order.changed, refreshCart });

  // ---- The choices of spec 02 §4: each answer is the re-priced checkout.
  const choose = (choice: ChoiceMutation) => (id: string) => {
    order.changed();
    choice.mutate(id, {
      onError: (error) => {
        alerts.showError(error);
        void refreshCart();
      },
    });
  };
  // A choice that re-prices the order is awaited before Place order (the total shown is the one placed);
  // the PO number's save is not: Place order waits for it itself.
  const saving =
    choices.shippingAddress.isPending ||
    choices.billingAddress.isPending ||
    choices.shippingMethod.isPending ||
    choices.payment.isPending;
  const busy = order.busy;

  return (
    <>
      <p className="muted checkout-buyer">
        Buying for {checkout.businessPartner.companyName} ({checkout.businessPartner.sapBpCode})
      </p>
      <FormLayout
        className="checkout-layout"
        summaryTitle="Order summary"
        summary={
          <OrderSummary
            checkout={checkout}
            problem={order.problem}
            problemRef={order.problemRef}
            busy={busy}
            saving={saving}
            onPlaceOrder={() => void order.place(poNumber, payment)}
          />
        }
      >
        <ShippingAddressSection
          checkout={checkout}
          partner={partner.data}
          partnerLoading={partner.isPending}
          choice={choices.shippingAddress}
          disabled={busy}
          onChoose={choose(choices.shippingAddress)}
        />
        <ShippingMethodSection
          checkout={checkout}
          choice={choices.shippingMethod}
          disabled={busy}
          onChoose={choose(choices.shippingMethod)}
        />
        <BillingAddressSection
          checkout={checkout}
          partner={partner.data}
          choice={choices.billingAddress}
          disabled={busy}
          onChoose={choose(choices.billingAddress)}
        />
        <PoNumberSection poNumber={poNumber} disabled={busy} />
        <PaymentSection
          options={paymentOptions}
          loadFailed={methods.isError}
          onRetryLoad={() => void methods.refetch()}
          selected={payment.selected}
          problem={payment.problem}
          problemRef={payment.problemRef}
          disabled={busy}
          canAddCard={canAddCard}
          onChoose={payment.choose}
        />
      </FormLayout>
    </>
  );
}
