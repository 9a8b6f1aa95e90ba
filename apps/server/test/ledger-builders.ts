import { and, asc, eq } from 'drizzle-orm';
import { invoicePayments, invoices, paymentApplications } from '../src/modules/billing/schema.ts';
import type { Db } from '../src/db/client.ts';
import { brands, products } from '../src/modules/catalog/schema.ts';
import { checkouts } from '../src/modules/cart/schema.ts';
import { insertOrder } from '../src/modules/orders/repo.ts';
import { insertCreditMemo, invoiceForOrder } from '../src/modules/billing/repo/index.ts';

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

/** A product of the demo catalog that is sold (an order's line needs one). */
export async function aSoldProduct(db: Db) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(brands.slug, 'northwind'), eq(products.isAvailableForPurchase, true)))
    .orderBy(asc(products.sku))
    .limit(1);
  return product!.id;
}

/**
 * A new invoice of a business, as an order on terms writes it (the order and its invoice in one
 * transaction), dated `daysAgo` days before now (or at `at`).
 */
export function newInvoice(
  db: Db,
  options: { partnerId: string; userId: string; productId: string; totalCents?: number; daysAgo?: number; at?: Date },
) {
  const totalCents = options.totalCents ?? 50_000;
  const placedAt = options.at ?? new Date(Date.now() - (options.daysAgo ?? 0) * DAY);
  return db.transaction(async (tx) => {
    const [checkout] = await tx
      .insert(checkouts)
      .values({ userId: options.userId, businessPartnerId: options.partnerId, status: 'completed' })
      .returning({ id: checkouts.id });
    const address = {
      name: 'Test',
      streetAddress1: '1 Main St',
      streetAddress2: '',
      city: 'Columbus',
      countryArea: 'OH',
      postalCode: '43215',
      country: 'US',
      phone: null,
    };
    const orderId = await insertOrder(tx, {
      businessPartnerId: options.partnerId,
      checkoutId: checkout!.id,
      placedBy: { userId: options.userId, name: 'Test Buyer', email: 'owner@demo.test' },
      actingForName: null,
      poNumber: 'PAY-TEST',
      shippingAddress: address,
      billingAddress: null,
      shippingMethod: { id: 'b2b-ups-ground', name: 'B2B-UPS Ground' },
      subtotalCents: totalCents,
      shippingCents: 0,
      tax: { cents: 0, rateBp: 0, exempt: true },
      totalCents,
      payment: { kind: 'TERMS', label: 'On account (terms)', paymentMethodId: null, chargeId: null },
      lines: [
        { productId: options.productId, sku: 'TEST-1', name: 'Test product', quantity: 1, unitPriceCents: totalCents },
      ],
      metadata: [],
      createdAt: placedAt,
    });
    return invoiceForOrder(tx, {
      businessPartnerId: options.partnerId,
      orderId,
      orderNumber: 'SO-TEST',
      poNumber: 'PAY-TEST',
      totalCents,
      placedAt,
    });
  });
}

/** A credit memo of a business with `amountCents` to apply. */
export const newCreditMemo = (db: Db, partnerId: string, amountCents: number) =>
  db.transaction((tx) =>
    insertCreditMemo(tx, {
      businessPartnerId: partnerId,
      createDate: today(),
      amountCents,
      reason: 'Test credit',
      invoiceId: null,
      orderId: null,
      orderNumber: null,
    }),
  );

/**
 * A paid invoice put back as a crash after the charge leaves it: the charge made at the processor, nothing in
 * the ledger, the payment still charging (and `startedAt`, e.g. older than the recovery delay).
 */
export const undoLedgerWrite = (db: Db, paymentId: string, invoiceId: string, startedAt?: Date) =>
  db.transaction(async (tx) => {
    await tx.delete(paymentApplications).where(eq(paymentApplications.paymentId, paymentId));
    await tx
      .update(invoices)
      .set({ paidCents: 0, discountTakenCents: 0, heldByPaymentId: paymentId })
      .where(eq(invoices.id, invoiceId));
    await tx
      .update(invoicePayments)
      .set({ status: 'charging', receipt: null, processorChargeId: null, ...(startedAt && { createdAt: startedAt }) })
      .where(eq(invoicePayments.id, paymentId));
  });
