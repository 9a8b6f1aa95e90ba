import type { Address } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutFactRows, type AddressRow } from './repo.ts';

export const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  businessPartnerAddressType: row.type,
  name: row.name,
  streetAddress1: row.streetAddress1,
  streetAddress2: row.streetAddress2,
  city: row.city,
  countryArea: row.countryArea,
  postalCode: row.postalCode,
  country: row.country,
  phone: row.phone,
});

/** What a checkout needs to know of the business it buys for (issue 18). */
export interface CheckoutFacts {
  /** Every address of the business, shipping and billing. */
  addresses: (Address & { isDefaultShipping: boolean; isDefaultBilling: boolean })[];
  /** A resale certificate on file: the business buys tax-exempt (docs/decisions.md). */
  taxExempt: boolean;
}

export async function checkoutFactsOf(db: Db | Tx, partnerId: string): Promise<CheckoutFacts> {
  const rows = await checkoutFactRows(db, partnerId);
  return {
    addresses: rows.flatMap(({ address }) =>
      address
        ? [
            {
              ...toAddress(address),
              isDefaultShipping: address.isDefaultShipping,
              isDefaultBilling: address.isDefaultBilling,
            },
          ]
        : [],
    ),
    taxExempt: Boolean(rows[0]?.resaleCertificate),
  };
}
