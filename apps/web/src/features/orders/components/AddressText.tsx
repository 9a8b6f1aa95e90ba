import type { Order } from '@portal/contracts/orders';

/** An address as the order keeps it (a copy made when it was placed), one line each. */
export function AddressText({ address }: { address: NonNullable<Order['billingAddress']> }) {
  return (
    <span className="order-address">
      <span className="order-address-name">{address.name}</span>
      <span>
        {address.streetAddress1}
        {address.streetAddress2 ? `, ${address.streetAddress2}` : ''}
      </span>
      <span>
        {address.city}, {address.countryArea} {address.postalCode}
        {address.country !== 'US' ? ` · ${address.country}` : ''}
      </span>
      {address.phone && <span>{address.phone}</span>}
    </span>
  );
}
