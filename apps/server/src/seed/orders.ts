import { and, asc, eq, inArray } from 'drizzle-orm';
import { SHIPPING_METHODS, shippingCentsOf, taxCentsOf, taxRateOf, type OrderStatus } from '@portal/contracts';
import type { Tx } from '../db/client.ts';
import { businessPartnerAddresses, businessPartners } from '../modules/business-partners/schema.ts';
import { brands, productPrices, products } from '../modules/catalog/schema.ts';
import { checkouts } from '../modules/cart/schema.ts';
import { paymentMethods } from '../modules/payment-methods/schema.ts';
import { users } from '../modules/users/schema.ts';
import { paymentLabelOf } from '../modules/payment-methods/index.ts';
import { insertOrder, recordOrderStatus, type NewOrder, type OrderAddress } from '../modules/orders/index.ts';
import { createRandom, type Random } from './random.ts';

/** DEMO-DATA.md: Northside's resale certificate on file, so it buys tax-exempt (docs/decisions.md). */
export const NORTHSIDE_RESALE_CERTIFICATE = 'OH-RS-2231-8842';

type Payment = 'COD' | 'TERMS' | 'CARD';
type ShippingMethodId = (typeof SHIPPING_METHODS)[number]['id'];

interface PlannedOrder {
  /** How long ago it was placed, in days. */
  daysAgo: number;
  status: OrderStatus;
  /** Who placed it, by e-mail; a sales rep places it acting for the business's dealer primary. */
  by: string;
  pay: Payment;
  po: string | null;
  method?: ShippingMethodId;
  /** Why it was cancelled. */
  note?: string;
}

const OWNER = 'owner@demo.test';
const PURCHASER = 'purchaser@demo.test';
const INSIDE_REP = 'insiderep@demo.test';
const LAKESIDE_OWNER = 'totp@demo.test';

/**
 * DEMO-DATA.md "Orders and billing": Northside Auto Sound's orders of the last 120 days in every state,
 * placed by its owner, its purchaser and the inside rep acting for it, paid COD, on terms and by card.
 */
const NORTHSIDE_ORDERS: PlannedOrder[] = [
  { daysAgo: 118, status: 'delivered', by: OWNER, pay: 'TERMS', po: 'NS-1187' },
  { daysAgo: 106, status: 'delivered', by: PURCHASER, pay: 'CARD', po: null },
  {
    daysAgo: 95,
    status: 'cancelled',
    by: PURCHASER,
    pay: 'COD',
    po: 'NS-1203',
    note: 'Cancelled at the dealer’s request: the same parts were ordered twice.',
  },
  { daysAgo: 83, status: 'delivered', by: INSIDE_REP, pay: 'TERMS', po: 'NS-1219', method: 'b2b-ups-2-day' },
  { daysAgo: 71, status: 'delivered', by: OWNER, pay: 'COD', po: null },
  { daysAgo: 60, status: 'delivered', by: PURCHASER, pay: 'CARD', po: 'NS-1240' },
  { daysAgo: 48, status: 'delivered', by: OWNER, pay: 'TERMS', po: 'NS-1252', method: 'b2b-ups-3-day' },
  { daysAgo: 37, status: 'delivered', by: INSIDE_REP, pay: 'CARD', po: null },
  { daysAgo: 24, status: 'delivered', by: PURCHASER, pay: 'TERMS', po: 'NS-1271' },
  { daysAgo: 14, status: 'delivered', by: OWNER, pay: 'COD', po: 'NS-1279', method: 'b2b-ups-next-day' },
  { daysAgo: 4, status: 'shipped', by: OWNER, pay: 'CARD', po: 'NS-1288' },
  { daysAgo: 3, status: 'shipped', by: INSIDE_REP, pay: 'TERMS', po: 'NS-1290', method: 'b2b-ups-2-day' },
  { daysAgo: 2, status: 'processing', by: PURCHASER, pay: 'TERMS', po: 'NS-1293' },
  { daysAgo: 0.2, status: 'placed', by: PURCHASER, pay: 'COD', po: null },
];

/** Lakeside Remote Start has a few, placed by its owner (two on terms: its invoices). */
const LAKESIDE_ORDERS: PlannedOrder[] = [
  { daysAgo: 52, status: 'delivered', by: LAKESIDE_OWNER, pay: 'TERMS', po: 'LRS-0412' },
  { daysAgo: 19, status: 'delivered', by: LAKESIDE_OWNER, pay: 'TERMS', po: 'LRS-0421' },
  { daysAgo: 1, status: 'processing', by: LAKESIDE_OWNER, pay: 'COD', po: 'LRS-0430' },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LABELS = { COD: 'Cash on delivery', TERMS: 'On account (terms)' } as const;

/** A UPS tracking number (1Z, shipper, service, package, check digit), its check digit computed as UPS does. */
function upsTrackingNumber(r: Random, service: string): string {
  const shipper = 'A7R463';
  const pkg = String(r.int(1_000_000, 9_999_999));
  const body = `${shipper}${service}${pkg}`;
  let sum = 0;
  [...body].forEach((char, i) => {
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  });
  return `1Z${body}${(10 - (sum % 10)) % 10}`;
}

const UPS_SERVICE: Record<ShippingMethodId, string> = {
  'b2b-ups-ground': '03',
  'b2b-ups-3-day': '12',
  'b2b-ups-2-day': '02',
  'b2b-ups-next-day': '01',
};

/**
 * The demo orders (DEMO-DATA.md "Orders and billing"), written as checkout completion writes them
 * (insertOrder), each with the completed checkout it came from, then moved along its states with their
 * times. Prices are the dealer channel's of approved brands (what the business paid); Northside has a
 * resale certificate on file and pays no tax, Lakeside the rate of its ship-to state.
 */
export async function seedOrders(db: Tx, bpIdByCode: Map<string, string>, now = new Date()) {
  const r = createRandom(20260418);
  await db
    .update(businessPartners)
    .set({ resaleCertificate: NORTHSIDE_RESALE_CERTIFICATE })
    .where(eq(businessPartners.sapBpCode, 'C100234'));

  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, [OWNER, PURCHASER, INSIDE_REP, LAKESIDE_OWNER]));
  const person = (email: string) => {
    const p = people.find((row) => row.email === email)!;
    return { userId: p.id, name: `${p.firstName} ${p.lastName}`, email: p.email };
  };

  const businesses = [
    { code: 'C100234', plan: NORTHSIDE_ORDERS, primary: OWNER, brands: ['Northwind', 'ArcticStart', 'DriveLink'] },
    { code: 'C100310', plan: LAKESIDE_ORDERS, primary: LAKESIDE_OWNER, brands: ['Northwind', 'Voltline'] },
  ];
  const planned: { at: Date; order: NewOrder; plan: PlannedOrder }[] = [];
  for (const business of businesses) {
    const businessPartnerId = bpIdByCode.get(business.code)!;
    const [partner] = await db
      .select({ resaleCertificate: businessPartners.resaleCertificate, channelSlug: businessPartners.channelSlug })
      .from(businessPartners)
      .where(eq(businessPartners.id, businessPartnerId));
    const [address] = await db
      .select()
      .from(businessPartnerAddresses)
      .where(
        and(
          eq(businessPartnerAddresses.businessPartnerId, businessPartnerId),
          eq(businessPartnerAddresses.isDefaultShipping, true),
        ),
      );
    const shippingAddress: OrderAddress = {
      name: address!.name,
      streetAddress1: address!.streetAddress1,
      streetAddress2: address!.streetAddress2,
      city: address!.city,
      countryArea: address!.countryArea,
      postalCode: address!.postalCode,
      country: address!.country,
      phone: address!.phone,
    };
    // Products the business buys at its channel's price: of its approved brands, for sale (by SKU: the same draw every time).
    const pool = await db
      .select({ id: products.id, sku: products.sku, name: products.name, cents: productPrices.discountedCents })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(
        productPrices,
        and(eq(productPrices.productId, products.id), eq(productPrices.channelSlug, partner!.channelSlug)),
      )
      .where(and(inArray(brands.name, business.brands), eq(products.isAvailableForPurchase, true)))
      .orderBy(asc(products.sku))
      .limit(80);
    const [card] = await db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.businessPartnerId, businessPartnerId),
          eq(paymentMethods.type, 'CARD'),
          eq(paymentMethods.isMain, true),
        ),
      );
    // A catalog too small to hold the business's brands (a test's) leaves it without orders.
    if (pool.length === 0) continue;
    const exempt = Boolean(partner!.resaleCertificate);
    const rateBp = exempt ? 0 : taxRateOf(shippingAddress.country, shippingAddress.countryArea);

    for (const plan of business.plan) {
      const picked = new Set<(typeof pool)[number]>();
      const lineCount = r.int(1, 4);
      while (picked.size < Math.min(lineCount, pool.length)) picked.add(r.pick(pool));
      const lines = [...picked].map((product) => ({
        productId: product.id,
        sku: product.sku,
        name: product.name,
        quantity: r.pick([1, 1, 2, 2, 3, 4, 5, 6, 10, 12]),
        unitPriceCents: product.cents,
      }));
      const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
      const method = SHIPPING_METHODS.find((m) => m.id === (plan.method ?? 'b2b-ups-ground'))!;
      const shippingCents = shippingCentsOf(method.id, subtotalCents);
      const taxCents = taxCentsOf(subtotalCents, rateBp);
      // Not all at the same minute of the day.
      const at = new Date(now.getTime() - plan.daysAgo * DAY + r.int(0, 50) * 60_000);
      const placedBy = person(plan.by);
      const rep = plan.by === INSIDE_REP;
      planned.push({
        at,
        plan,
        order: {
          businessPartnerId,
          checkoutId: '',
          placedBy,
          actingForName: rep ? person(business.primary).name : null,
          poNumber: plan.po,
          shippingAddress,
          billingAddress: shippingAddress,
          shippingMethod: { id: method.id, name: method.name },
          subtotalCents,
          shippingCents,
          tax: { cents: taxCents, rateBp, exempt },
          totalCents: subtotalCents + shippingCents + taxCents,
          payment:
            plan.pay === 'CARD'
              ? { kind: 'CARD', label: paymentLabelOf(card!), paymentMethodId: card!.id, chargeId: null }
              : { kind: plan.pay, label: LABELS[plan.pay], paymentMethodId: null, chargeId: null },
          lines,
          metadata: [
            { key: 'channel', value: partner!.channelSlug },
            { key: 'placedFor', value: business.code },
          ],
          createdAt: at,
        },
      });
    }
  }

  // Oldest first, so order numbers rise with time as they do in the portal.
  planned.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { at, order, plan } of planned) {
    const [checkout] = await db
      .insert(checkouts)
      .values({
        userId: order.placedBy.userId,
        businessPartnerId: order.businessPartnerId,
        status: 'completed',
        shippingMethodId: order.shippingMethod.id,
        poNumber: order.poNumber,
        paymentGateway: order.payment.kind,
        paymentMethodId: order.payment.paymentMethodId,
        paymentAmountCents: order.totalCents,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: checkouts.id });
    const orderId = await insertOrder(db, { ...order, checkoutId: checkout!.id });
    await moveAlong(db, r, orderId, plan, order, at);
  }
}

/** The states an order went through to reach its planned one, each at a plausible later time. */
async function moveAlong(db: Tx, r: Random, orderId: string, plan: PlannedOrder, order: NewOrder, placedAt: Date) {
  const after = (ms: number) => new Date(placedAt.getTime() + ms);
  if (plan.status === 'placed') return;
  if (plan.status === 'cancelled') {
    await recordOrderStatus(db, orderId, {
      status: 'cancelled',
      byUserId: order.placedBy.userId,
      note: plan.note ?? null,
      at: after(r.int(1, 4) * HOUR),
    });
    return;
  }
  await recordOrderStatus(db, orderId, { status: 'processing', byUserId: null, at: after(r.int(2, 5) * HOUR) });
  if (plan.status === 'processing') return;
  const shippedAt = after(DAY + r.int(0, 6) * HOUR);
  await recordOrderStatus(db, orderId, {
    status: 'shipped',
    byUserId: null,
    at: shippedAt,
    shipment: {
      carrier: 'UPS',
      trackingNumber: upsTrackingNumber(r, UPS_SERVICE[order.shippingMethod.id as ShippingMethodId]),
    },
  });
  if (plan.status === 'shipped') return;
  const transitDays = { 'b2b-ups-next-day': 1, 'b2b-ups-2-day': 2, 'b2b-ups-3-day': 3 }[order.shippingMethod.id] ?? 4;
  await recordOrderStatus(db, orderId, {
    status: 'delivered',
    byUserId: null,
    at: new Date(shippedAt.getTime() + transitDays * DAY + r.int(0, 5) * HOUR),
  });
}
