import type { Address } from '@portal/contracts';
import './order.css';

/** An address as a checkout, an order or an invoice keeps it (the order's copy has no id or type). */
export type AddressLike = Pick<
  Address,
  'name' | 'streetAddress1' | 'streetAddress2' | 'city' | 'countryArea' | 'postalCode' | 'country' | 'phone'
>;

/** An address in lines; spans only, so it may sit inside a radio's label. The phone on request. */
export function AddressText({ address, withPhone = false }: { address: AddressLike; withPhone?: boolean }) {
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
      {withPhone && address.phone && <span>{address.phone}</span>}
    </span>
  );
}
