import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StoredFailure } from '../../attempts/failure.ts';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/schema.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { paymentMethods } from '../payment-methods/schema.ts';

/**
 * One plan purchase (issue 30 item 3): the attempt machine's try and, once paid, the receipt itself. Who bought
 * (the real person), under which Idempotency-Key, what was decided (the snapshot: each line's plan as it will be
 * put on its device, and the plan it replaces), what was charged, and the answer replayed to a retry. Its id is
 * the processor's idempotency key, so a crash between the charge and the write leaves a charge recovery finds.
 */
export const planPurchases = pgTable(
  'plan_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as PS-500001 (orders 100001, invoices 200001, credit memos 300001, receipts 400001). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    paidByName: text('paid_by_name').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 'charging' (decided, not yet written), 'paid' or 'failed'. */
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    /** The devices bought for, in the order sent (the plan sales report). */
    deviceKeys: text('device_keys').array().notNull(),
    baseAmountCents: bigint('base_amount_cents', { mode: 'number' }).notNull(),
    currencyDiscountCents: bigint('currency_discount_cents', { mode: 'number' }).notNull(),
    baseTaxCents: bigint('base_tax_cents', { mode: 'number' }).notNull(),
    finalChargeCents: bigint('final_charge_cents', { mode: 'number' }).notNull(),
    methodLabel: text('method_label'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    processorChargeId: text('processor_charge_id'),
    snapshot: jsonb('snapshot').notNull(),
    /** The receipt once paid, replayed to a retry and answered by GET /api/payments/{uuid}. */
    receipt: jsonb('receipt'),
    failure: jsonb('failure').$type<StoredFailure>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('plan_purchases_key').on(t.userId, t.idempotencyKey),
    index('plan_purchases_business').on(t.businessPartnerId, t.createdAt),
    index('plan_purchases_charging')
      .on(t.createdAt)
      .where(sql`${t.status} = 'charging'`),
    check('plan_purchases_status', sql`${t.status} in ('charging', 'paid', 'failed')`),
    check('plan_purchases_currency', sql`${t.currency} in ('USD', 'CAD')`),
    check(
      'plan_purchases_sums',
      sql`${t.baseAmountCents} >= 0 and ${t.currencyDiscountCents} between 0 and ${t.baseAmountCents} and ${t.baseTaxCents} >= 0 and ${t.finalChargeCents} = ${t.baseAmountCents} - ${t.currencyDiscountCents} + ${t.baseTaxCents}`,
    ),
  ],
);
