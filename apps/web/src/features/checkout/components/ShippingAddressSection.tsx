import type { BusinessPartner, Checkout } from '@portal/contracts';
import { CHECKOUT_TEXTS } from '@portal/contracts/checkout-rules';
import { AddressText } from '../../../components/order/AddressText.tsx';
import { shownChoice, type ChoiceMutation } from '../choices.ts';
import { AddressChoices } from './AddressChoices.tsx';

/** spec 02 §4: the business's shipping addresses, the checkout's chosen; its only one shown as it is. */
export function ShippingAddressSection({
  checkout,
  partner,
  partnerLoading,
  choice,
  disabled,
  onChoose,
}: {
  checkout: Checkout;
  partner: BusinessPartner | undefined;
  partnerLoading: boolean;
  choice: ChoiceMutation;
  /** The order is being placed. */
  disabled: boolean;
  onChoose: (addressId: string) => void;
}) {
  const addresses = partner?.addresses ?? [];
  return (
    <fieldset className="form-section" aria-busy={choice.isPending || undefined}>
      <legend>
        <h2 className="form-section-title">Shipping address</h2>
      </legend>
      {addresses.length > 0 ? (
        <AddressChoices
          name="shippingAddress"
          addresses={addresses}
          chosenId={shownChoice(choice, checkout.shippingAddress?.id ?? null)}
          defaultId={partner?.defaultShippingAddress?.id}
          defaultLabel="Default"
          disabled={disabled}
          onChoose={onChoose}
        />
      ) : checkout.shippingAddress ? (
        <p className="checkout-fixed">
          <AddressText address={checkout.shippingAddress} />
        </p>
      ) : partnerLoading ? (
        <p className="muted">Loading addresses…</p>
      ) : (
        <p>{CHECKOUT_TEXTS.noShippingAddress} This business has no shipping address on file.</p>
      )}
    </fieldset>
  );
}
