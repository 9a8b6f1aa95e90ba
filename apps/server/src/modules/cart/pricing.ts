import {
  DEFAULT_SHIPPING_METHOD,
  SHIPPING_METHODS,
  shippingCentsOf,
  taxCentsOf,
  taxRateOf,
  type Address,
  type Checkout,
  type ShippingMethodId,
  type PlanDuration,
  type PlanId,
  planDisplayName,
  planPriceCents,
} from '@portal/contracts';
import { planCurrencyOf } from '../plans/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../actor.ts';
import { checkoutFactsOf, type CheckoutFacts } from '../business-partners/index.ts';
import { productsByIds } from '../catalog/index.ts';
import type { NewOrder } from '../orders/index.ts';
import * as repo from './repo.ts';

/** Who buys, and for which business. */
export type Buyer = Actor & { business: NonNullable<Actor['business']> };

/** A checkout priced on the server (rule 4): the wire shape, and what completion needs beside it. */
export interface PricedCheckout {
  checkout: Checkout;
  facts: CheckoutFacts;
  /** The order's lines as the orders module writes them, and whether each is still sold. */
  lines: (Required<NewOrder['lines'][number]> & { isAvailableForPurchase: boolean })[];
  shippingMethod: { id: ShippingMethodId; name: string };
}

const withoutFlags = ({
  isDefaultShipping: _s,
  isDefaultBilling: _b,
  ...address
}: CheckoutFacts['addresses'][number]): Address => address;

/**
 * Prices a checkout at the session's prices now: lines, shipping, tax and total (spec 01 §6: never the
 * browser's figures). Addresses not chosen are the business's defaults (spec 02 §4); the shipping method
 * not chosen is UPS Ground. Tax (ours, docs/decisions.md): none with a resale certificate on file, else the
 * ship-to state's or province's rate on the goods.
 */
export async function priceCheckout(db: Db | Tx, buyer: Buyer, row: repo.CheckoutRow): Promise<PricedCheckout> {
  // One after the other: inside a transaction they share one connection, which runs one query at a time.
  const held = await repo.linesOf(db as Db, row.id);
  const products = held.length
    ? await productsByIds(
        db as Db,
        buyer,
        held.map((line) => line.productId),
      )
    : [];
  const facts = await checkoutFactsOf(db, buyer.business.id);
  const subscriptionLines = await subscriptionLinesOf(db, buyer, row.id);
  const byId = new Map(products.map((product) => [product.id, product]));
  const priced = held.flatMap((line) => {
    const product = byId.get(line.productId);
    return product
      ? [{ id: line.id, quantity: line.quantity, product, total: { cents: product.price.cents * line.quantity } }]
      : [];
  });
  const subtotal = priced.reduce((sum, line) => sum + line.total.cents, 0);

  const addressById = (id: string | null) => facts.addresses.find((address) => address.id === id);
  const shipping =
    addressById(row.shippingAddressId) ??
    facts.addresses.find((address) => address.isDefaultShipping) ??
    facts.addresses.find((address) => address.businessPartnerAddressType === 'SHIPPING');
  const billing = addressById(row.billingAddressId) ?? facts.addresses.find((address) => address.isDefaultBilling);

  const methodId = (SHIPPING_METHODS.find((m) => m.id === row.shippingMethodId)?.id ??
    DEFAULT_SHIPPING_METHOD) as ShippingMethodId;
  const methods = SHIPPING_METHODS.map((method) => ({
    id: method.id,
    name: method.name,
    price: { cents: priced.length ? shippingCentsOf(method.id, subtotal) : 0 },
  }));
  const current = methods.find((method) => method.id === methodId)!;
  const rateBp = facts.taxExempt || !shipping ? 0 : taxRateOf(shipping.country, shipping.countryArea);
  const taxCents = taxCentsOf(subtotal, rateBp);
  const totalCents = subtotal + current.price.cents + taxCents;

  const checkout: Checkout = {
    token: row.token,
    lines: priced,
    quantity: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: { cents: subtotal },
    shippingAddress: shipping ? withoutFlags(shipping) : null,
    billingAddress: billing ? withoutFlags(billing) : null,
    currentShippingMethod: current,
    shippingMethods: methods,
    shippingPrice: current.price,
    tax: { cents: taxCents, rateBp, exempt: facts.taxExempt },
    totalPrice: { cents: totalCents, tax: { amount: taxCents / 100 } },
    poNumber: row.poNumber,
    payment: row.paymentGateway
      ? {
          gateway: row.paymentGateway as NonNullable<Checkout['payment']>['gateway'],
          paymentMethodId: row.paymentMethodId,
          amount: { cents: row.paymentAmountCents ?? 0 },
        }
      : null,
    businessPartner: { sapBpCode: buyer.business.sapBpCode, companyName: buyer.business.companyName },
    subscriptionLines,
  };
  return {
    checkout,
    facts,
    lines: priced.map((line) => ({
      productId: line.product.id,
      sku: line.product.sku,
      name: line.product.name,
      quantity: line.quantity,
      unitPriceCents: line.product.price.cents,
      isAvailableForPurchase: line.product.isAvailableForPurchase,
      backordered: !line.product.isAvailable,
    })),
    shippingMethod: { id: methodId, name: current.name },
  };
}

/**
 * A checkout's plan lines (issue 30 item 2), each priced now from contracts' price table in the buyer's currency
 * (spec 02 §1: CAD on the Canadian site). They are not part of the product order: the subscription checkout buys them.
 */
export async function subscriptionLinesOf(db: Db | Tx, buyer: Buyer, checkoutId: string) {
  const currency = planCurrencyOf(buyer);
  return (await repo.subscriptionLinesOf(db, checkoutId)).map((line) => ({
    id: line.id,
    device_key: line.deviceKey,
    productName: line.productName,
    newPricingPlan: line.duration as PlanDuration,
    plan_id: line.planId as PlanId,
    new_plan_name: planDisplayName(line.planId as PlanId),
    currency,
    price: { cents: planPriceCents(line.planId as PlanId, line.duration as PlanDuration, currency) },
  }));
}
