/** An address as an order keeps it: a copy, so a later change to the business's addresses never moves it. */
export interface OrderAddress {
  name: string;
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  countryArea: string;
  postalCode: string;
  country: string;
  phone: string | null;
}

/** The fields an order keeps of an address (the business's address, or the copy an order holds). */
export const orderAddressOf = (address: OrderAddress): OrderAddress => ({
  name: address.name,
  streetAddress1: address.streetAddress1,
  streetAddress2: address.streetAddress2,
  city: address.city,
  countryArea: address.countryArea,
  postalCode: address.postalCode,
  country: address.country,
  phone: address.phone,
});
