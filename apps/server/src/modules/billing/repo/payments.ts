import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { creditMemos, invoicePayments, invoices, paymentApplications } from '../schema.ts';
import { type CreditMemoRow, type PaymentRow, type NewApplication } from './shared.ts';

// Payments: the ledger's locks, holds, applications and a payment's try row (the attempt machine's store).

/**
 * Locks a payment's invoices and credit memos in the ledger's one order: both kinds together, by id, one
 * row after the other (a nested loop over the sorted ids). Every transaction that changes them takes them
 * this way (deciding, writing and failing a payment), so two payments sharing any of them wait for each
 * other in the same order and can not deadlock (issue 26). Another business's ids lock nothing.
 */
export async function lockLedgerRows(tx: Tx, partnerId: string, invoiceIds: string[], creditMemoIds: string[]) {
  const ids = [...new Set([...invoiceIds, ...creditMemoIds])];
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`select w.id
    from (select distinct u.id from unnest(array[${list}]) as u(id) order by u.id) as w
    left join lateral (select 1 from invoices i
      where i.id = w.id and i.business_partner_id = ${partnerId} for update) as locked_invoice on true
    left join lateral (select 1 from credit_memos m
      where m.id = w.id and m.business_partner_id = ${partnerId} for update) as locked_memo on true`);
}

/** The partner's invoices among `ids` (read after lockLedgerRows). */
export const invoicesOfPartner = (tx: Tx, partnerId: string, ids: string[]) =>
  tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.businessPartnerId, partnerId), inArray(invoices.id, ids)))
    .orderBy(asc(invoices.id));

/** The partner's credit memos among `ids` (read after lockLedgerRows). */
export const creditMemosOfPartner = (tx: Tx, partnerId: string, ids: string[]) =>
  ids.length
    ? tx
        .select()
        .from(creditMemos)
        .where(and(eq(creditMemos.businessPartnerId, partnerId), inArray(creditMemos.id, ids)))
        .orderBy(asc(creditMemos.id))
    : Promise.resolve([] as CreditMemoRow[]);

/** Whether any of these payments is still being charged. */
export async function isAnyCharging(db: Db | Tx, paymentIds: string[]) {
  if (paymentIds.length === 0) return false;
  const rows = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(and(inArray(invoicePayments.id, paymentIds), eq(invoicePayments.status, 'charging')))
    .limit(1);
  return rows.length > 0;
}

export async function insertPayment(db: Db | Tx, values: typeof invoicePayments.$inferInsert) {
  const [row] = await db.insert(invoicePayments).values(values).returning();
  return row!;
}

/**
 * Holds the invoices and credit memos for a payment being charged, recording on each invoice what is
 * being paid on it (attempted_payment_cents: kept even if the charge then fails).
 */
export async function holdForPayment(
  tx: Tx,
  paymentId: string,
  attempts: { invoiceId: string; cents: number }[],
  creditMemoIds: string[],
) {
  const values = sql.join(
    attempts.map((a) => sql`(${a.invoiceId}::uuid, ${a.cents}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`update invoices i set attempted_payment_cents = v.cents, held_by_payment_id = ${paymentId},
    updated_at = now() from (values ${values}) as v(id, cents) where i.id = v.id`);
  if (creditMemoIds.length)
    await tx.update(creditMemos).set({ heldByPaymentId: paymentId }).where(inArray(creditMemos.id, creditMemoIds));
}

/** Lets go of what a payment held (it succeeded or failed). */
export async function releaseHolds(tx: Tx, paymentId: string) {
  await tx.update(invoices).set({ heldByPaymentId: null }).where(eq(invoices.heldByPaymentId, paymentId));
  await tx.update(creditMemos).set({ heldByPaymentId: null }).where(eq(creditMemos.heldByPaymentId, paymentId));
}

/**
 * Writes a payment's applications and, in the same transaction, the running sums they change: each
 * invoice's paid and discount taken, each credit memo's applied amount. The caller has locked them
 * (lockLedgerRows). The CHECKs refuse an overpayment (a check violation: the caller undoes the charge).
 */
export async function applyPayment(tx: Tx, paymentId: string, applications: NewApplication[]) {
  await tx.insert(paymentApplications).values(applications.map((a) => ({ ...a, paymentId })));
  await tx.execute(sql`update invoices i set
      paid_cents = i.paid_cents + s.cash + s.credit,
      discount_taken_cents = i.discount_taken_cents + s.discount,
      updated_at = now()
    from (select invoice_id, sum(cash_cents) as cash, sum(credit_cents) as credit, sum(discount_cents) as discount
      from payment_applications where payment_id = ${paymentId} group by invoice_id) s
    where i.id = s.invoice_id`);
  await tx.execute(sql`update credit_memos m set applied_cents = m.applied_cents + s.credit, updated_at = now()
    from (select credit_memo_id, sum(credit_cents) as credit from payment_applications
      where payment_id = ${paymentId} and credit_memo_id is not null group by credit_memo_id) s
    where m.id = s.credit_memo_id`);
}

/**
 * Claims a payment still charging as succeeded (with its processor charge): false when a retry or a
 * recovery finished it first. The row stays locked until the transaction ends.
 */
export async function claimPayment(tx: Tx, paymentId: string, processorChargeId: string | null) {
  const rows = await tx
    .update(invoicePayments)
    .set({ status: 'succeeded', processorChargeId, updatedAt: new Date() })
    .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.status, 'charging')))
    .returning({ id: invoicePayments.id });
  return rows.length > 0;
}

export const saveReceipt = (tx: Tx, paymentId: string, receipt: unknown) =>
  tx.update(invoicePayments).set({ receipt }).where(eq(invoicePayments.id, paymentId));

/** Ends a payment still charging as failed, with the answer a retry replays; false if it had ended. */
export async function failPayment(tx: Tx, paymentId: string, failure: NonNullable<PaymentRow['failure']>) {
  const rows = await tx
    .update(invoicePayments)
    .set({ status: 'failed', failure, updatedAt: new Date() })
    .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.status, 'charging')))
    .returning({ id: invoicePayments.id });
  return rows.length > 0;
}

export async function paymentByKey(db: Db | Tx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.userId, userId), eq(invoicePayments.idempotencyKey, key)));
  return row ?? null;
}

export async function paymentById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(invoicePayments).where(eq(invoicePayments.id, id));
  return row ?? null;
}

/** Payments still charging that began before `before` (a crash or a lost process left them). */
export const chargingPayments = (db: Db, before: Date) =>
  db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.status, 'charging'), lt(invoicePayments.createdAt, before)));
