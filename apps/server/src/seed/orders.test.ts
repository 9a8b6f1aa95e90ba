import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { ORDER_STATUSES } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { businessPartners } from '../modules/business-partners/schema.ts';
import { checkouts } from '../modules/cart/schema.ts';
import { orderLines, orderStatusEvents, orders } from '../modules/orders/schema.ts';
import { NORTHSIDE_RESALE_CERTIFICATE } from './orders.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The seeded orders of a business, oldest first, with their lines and status history. */
async function ordersOf(sapBpCode: string) {
  const db = database.db;
  const [partner] = await db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, sapBpCode));
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.businessPartnerId, partner!.id))
    .orderBy(asc(orders.createdAt));
  const ids = rows.map((row) => row.id);
  const [lines, events] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)),
    db
      .select()
      .from(orderStatusEvents)
      .where(inArray(orderStatusEvents.orderId, ids))
      .orderBy(asc(orderStatusEvents.at)),
  ]);
  return {
    partner: partner!,
    orders: rows.map((order) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === order.id),
      history: events.filter((event) => event.orderId === order.id),
    })),
  };
}

/** UPS's check digit of a 1Z tracking number (its last character). */
function upsCheckDigitOk(tracking: string) {
  const body = tracking.slice(2, 17);
  let sum = 0;
  [...body].forEach((char, i) => {
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  });
  return (10 - (sum % 10)) % 10 === Number(tracking[17]);
}

describe('demo orders (DEMO-DATA.md "Orders and billing")', () => {
  it('gives Northside an order in every state, shipped and delivered ones with a UPS tracking number', async () => {
    const { orders: northside } = await ordersOf('C100234');
    expect(new Set(northside.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    for (const order of northside) {
      if (order.status === 'shipped' || order.status === 'delivered') {
        expect(order.carrier).toBe('UPS');
        expect(order.trackingNumber).toMatch(/^1Z[0-9A-Z]{16}$/);
        expect(upsCheckDigitOk(order.trackingNumber!), order.trackingNumber!).toBe(true);
      } else {
        expect(order.carrier).toBeNull();
        expect(order.trackingNumber).toBeNull();
      }
    }
    const cancelled = northside.find((order) => order.status === 'cancelled')!;
    expect(cancelled.history.at(-1)!.note).toBeTruthy();
  });

  it('has them placed by the owner, the purchaser and the inside rep acting for the owner; paid COD, on terms and by card', async () => {
    const { orders: northside } = await ordersOf('C100234');
    expect(new Set(northside.map((order) => order.placedByEmail))).toEqual(
      new Set(['owner@demo.test', 'purchaser@demo.test', 'insiderep@demo.test']),
    );
    for (const order of northside)
      expect(order.actingForName).toBe(order.placedByEmail === 'insiderep@demo.test' ? 'Gary Lindqvist' : null);
    expect(new Set(northside.map((order) => order.paymentKind))).toEqual(new Set(['COD', 'TERMS', 'CARD']));
    for (const order of northside.filter((o) => o.paymentKind === 'CARD')) {
      expect(order.paymentLabel).toBe('Visa **** 4242');
      expect(order.paymentMethodId).not.toBeNull();
    }
  });

  it('keeps every order consistent: its sums, its completed checkout, its history in time order over the last 120 days', async () => {
    const now = Date.now();
    for (const code of ['C100234', 'C100310']) {
      const { orders: seeded } = await ordersOf(code);
      expect(seeded.length, code).toBeGreaterThanOrEqual(code === 'C100234' ? 12 : 2);
      for (const order of seeded) {
        expect(order.lines.length).toBeGreaterThanOrEqual(1);
        expect(order.lines.length).toBeLessThanOrEqual(4);
        for (const line of order.lines) expect(line.totalCents).toBe(line.quantity * line.unitPriceCents);
        expect(order.subtotalCents).toBe(order.lines.reduce((sum, line) => sum + line.totalCents, 0));
        expect(order.totalCents).toBe(order.subtotalCents + order.shippingCents + order.taxCents);
        const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId));
        expect(checkout).toMatchObject({ status: 'completed', businessPartnerId: order.businessPartnerId });

        expect(order.history[0]).toMatchObject({ status: 'placed' });
        expect(order.history[0]!.at.getTime()).toBe(order.createdAt.getTime());
        expect(order.history.at(-1)!.status).toBe(order.status);
        const times = order.history.map((event) => event.at.getTime());
        expect(times).toEqual([...times].sort((a, b) => a - b));
        expect(new Set(times).size).toBe(times.length);
        expect(times.at(-1)!).toBeLessThan(now);
        expect(order.createdAt.getTime()).toBeGreaterThan(now - 120 * 86_400_000);
      }
      // Numbers rise with time.
      const numbers = seeded.map((order) => order.number);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    }
  });

  it('numbers them from SO-100001', async () => {
    const [first] = await database.db
      .select({ number: orders.number })
      .from(orders)
      .orderBy(asc(orders.number))
      .limit(1);
    expect(first!.number).toBe(100_001);
  });

  it('has Northside buy tax-exempt on its resale certificate, and Lakeside pay its state’s tax', async () => {
    const northside = await ordersOf('C100234');
    expect(northside.partner.resaleCertificate).toBe(NORTHSIDE_RESALE_CERTIFICATE);
    for (const order of northside.orders) expect(order).toMatchObject({ taxExempt: true, taxCents: 0, taxRateBp: 0 });
    const lakeside = await ordersOf('C100310');
    expect(lakeside.partner.resaleCertificate).toBeNull();
    for (const order of lakeside.orders) {
      expect(order.taxExempt).toBe(false);
      expect(order.taxRateBp).toBeGreaterThan(0);
      expect(order.taxCents).toBe(Math.round((order.subtotalCents * order.taxRateBp) / 10_000));
    }
  });
});
