import type { Address } from '@portal/contracts';

/** An address as the checkout and the order keep it (the order's copy has no id or type). */
export type AddressLike = Pick<
  Address,
  'name' | 'streetAddress1' | 'streetAddress2' | 'city' | 'countryArea' | 'postalCode' | 'country' | 'phone'
>;

/** An address in lines; spans only, so it may sit inside a radio's label. */
export function AddressText({ address }: { address: AddressLike }) {
  return (
    <span className="address">
      <span className="address-name">{address.name}</span>
      <span>
        {address.streetAddress1}
        {address.streetAddress2 ? `, ${address.streetAddress2}` : ''}
      </span>
      <span>
        {address.city}, {address.countryArea} {address.postalCode}
        {address.country !== 'US' ? ` · ${address.country}` : ''}
      </span>
    </span>
  );
}
