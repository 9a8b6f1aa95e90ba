import type { Address, BusinessPartner, Checkout } from '@portal/contracts';
import { AddressText } from '../../../components/order/AddressText.tsx';
import { shownChoice, type ChoiceMutation } from '../choices.ts';
import { AddressChoices } from './AddressChoices.tsx';

/** spec 02 §4: the billing address is the business's default billing one, or another of its addresses. */
function billingChoicesOf(defaultBilling: Address | null, shipping: Address[]): Address[] {
  const all = defaultBilling ? [defaultBilling, ...shipping] : shipping;
  return all.filter((address, i) => all.findIndex((other) => other.id === address.id) === i);
}

/** The billing address: a choice when the business has several, else the one it has. */
export function BillingAddressSection({
  checkout,
  partner,
  choice,
  disabled,
  onChoose,
}: {
  checkout: Checkout;
  partner: BusinessPartner | undefined;
  choice: ChoiceMutation;
  /** The order is being placed. */
  disabled: boolean;
  onChoose: (addressId: string) => void;
}) {
  const addresses = billingChoicesOf(partner?.defaultBillingAddress ?? null, partner?.addresses ?? []);
  const fixed = checkout.billingAddress ?? addresses[0];
  return (
    <fieldset className="form-section" aria-busy={choice.isPending || undefined}>
      <legend>
        <h2 className="form-section-title">Billing address</h2>
      </legend>
      {addresses.length > 1 ? (
        <AddressChoices
          name="billingAddress"
          addresses={addresses}
          chosenId={shownChoice(choice, checkout.billingAddress?.id ?? null)}
          defaultId={partner?.defaultBillingAddress?.id}
          defaultLabel="Default billing"
          disabled={disabled}
          onChoose={onChoose}
        />
      ) : fixed ? (
        <p className="checkout-fixed">
          <AddressText address={fixed} />
        </p>
      ) : (
        <p className="muted">No billing address on file.</p>
      )}
    </fieldset>
  );
}
