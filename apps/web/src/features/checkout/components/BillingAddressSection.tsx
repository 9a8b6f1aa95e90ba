import type { Address, BusinessPartner, Checkout } from '@portal/contracts';
import { AddressText } from '../../../components/order/AddressText.tsx';
import { shownChoice, type ChoiceMutation } from '../choices.ts';
import { AddressChoices } from './AddressChoices.tsx';

/** The lines a person reads of an address: two records that read alike are one place. */
const textOf = (a: Address) =>
  [a.name, a.streetAddress1, a.streetAddress2, a.city, a.countryArea, a.postalCode, a.country]
    .map((part) => (part ?? '').trim().toLowerCase())
    .join('|');

/**
 * spec 02 §4: the billing address is the business's default billing one, or another of its addresses.
 * An address is listed once (issue 27 §5: the default billing record and a shipping one often read the
 * same), the first record of it kept, tagged 'Shipping' when it is one of the shipping addresses too.
 */
function billingChoicesOf(defaultBilling: Address | null, shipping: Address[]) {
  const all = defaultBilling ? [defaultBilling, ...shipping] : shipping;
  const kept = new Map<string, Address>();
  const tagsById = new Map<string, string[]>();
  /** A record left out, by id, to the one listed for it (the checkout may hold either). */
  const listedAs = new Map<string, string>();
  for (const address of all) {
    const text = textOf(address);
    const first = kept.get(text) ?? address;
    kept.set(text, first);
    listedAs.set(address.id, first.id);
    const isShipping = shipping.some((s) => s.id === address.id);
    if (isShipping && first.id !== address.id && !tagsById.get(first.id)?.includes('Shipping'))
      tagsById.set(first.id, [...(tagsById.get(first.id) ?? []), 'Shipping']);
  }
  return { addresses: [...kept.values()], tagsById, listedAs };
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
  const { addresses, tagsById, listedAs } = billingChoicesOf(
    partner?.defaultBillingAddress ?? null,
    partner?.addresses ?? [],
  );
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
          chosenId={(() => {
            const id = shownChoice(choice, checkout.billingAddress?.id ?? null);
            return id ? (listedAs.get(id) ?? id) : id;
          })()}
          defaultId={partner?.defaultBillingAddress?.id}
          defaultLabel="Default billing"
          tagsById={tagsById}
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
