import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { INVOICE_TERMS, addDays, type InvoiceStatus } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { creditMemos, invoicePayments, invoices, paymentApplications } from './schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditMemoRow = typeof creditMemos.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type NewApplication = Omit<typeof paymentApplications.$inferInsert, 'id' | 'paymentId'>;

/** The numbers as a dealer quotes them. */
export const invoiceNumberOf = (number: number) => `INV-${number}`;
export const creditMemoNumberOf = (number: number) => `CM-${number}`;
export const receiptNumberOf = (number: number) => `RCPT-${number}`;

/** A UTC calendar day (YYYY-MM-DD): spec 02 §9, days are UTC. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** `%text%` for LIKE, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What is still owed on an invoice, without a discount. */
const openOf = sql<number>`(${invoices.totalCents} - ${invoices.paidCents} - ${invoices.discountTakenCents})`;
const isUnpaid = sql`${invoices.paidCents} + ${invoices.discountTakenCents} < ${invoices.totalCents}`;
const isPaid = sql`${invoices.paidCents} + ${invoices.discountTakenCents} >= ${invoices.totalCents}`;

/** spec 02 §3 invoice status on a day: paid; past due (unpaid after its due date); else open. */
function statusCondition(status: InvoiceStatus, today: string): SQL {
  if (status === 'paid') return isPaid;
  if (status === 'pastDue') return sql`(${isUnpaid} and ${invoices.dueDate} < ${today}::date)`;
  return sql`(${isUnpaid} and ${invoices.dueDate} >= ${today}::date)`;
}

// ── Balances ────────────────────────────────────────────────────────────────────────────────────

export interface PartnerBalances {
  /** What the partner owes: the open part of its invoices (spec 02 §3 accountBalance). */
  accountBalanceCents: number;
  /** The open part of its invoices past their due date (spec 02 §3 pastDueInvoices), and how many. */
  pastDueCents: number;
  pastDueCount: number;
  /** The open part of its unpaid invoices not yet due, and how many. */
  openCents: number;
  openCount: number;
  /** Its invoices, paid or not (spec 02 §3 invoices.totalCount). */
  invoiceCount: number;
}

const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);
const counted = (expression: SQL) => sql<number>`${expression}::int`.mapWith(Number);

/**
 * The balance fields of a business partner as of `now`, summed by the database from the ledger (issue 19):
 * they can not disagree with the invoice list, whatever was typed anywhere.
 */
export async function partnerBalances(db: Db | Tx, partnerId: string, now = new Date()): Promise<PartnerBalances> {
  const today = dayOf(now);
  const pastDue = sql`${isUnpaid} and ${invoices.dueDate} < ${today}::date`;
  const notYetDue = sql`${isUnpaid} and ${invoices.dueDate} >= ${today}::date`;
  const [row] = await db
    .select({
      accountBalanceCents: money(sql`sum(${openOf})`),
      pastDueCents: money(sql`sum(${openOf}) filter (where ${pastDue})`),
      pastDueCount: counted(sql`count(*) filter (where ${pastDue})`),
      openCents: money(sql`sum(${openOf}) filter (where ${notYetDue})`),
      openCount: counted(sql`count(*) filter (where ${notYetDue})`),
      invoiceCount: counted(sql`count(*)`),
    })
    .from(invoices)
    .where(eq(invoices.businessPartnerId, partnerId));
  return row!;
}

/** The credit left on a partner's credit memos, and how many have some. */
export async function creditLeftOf(db: Db, partnerId: string) {
  const left = sql`${creditMemos.amountCents} - ${creditMemos.appliedCents}`;
  const [row] = await db
    .select({
      amountLeftCents: money(sql`sum(${left})`),
      count: counted(sql`count(*) filter (where ${left} > 0)`),
    })
    .from(creditMemos)
    .where(eq(creditMemos.businessPartnerId, partnerId));
  return row!;
}

/** Unpaid invoices of a partner whose early-pay discount may still hold on `today` (none taken yet). */
export const invoicesInDiscountWindow = (db: Db, partnerId: string, today: string) =>
  db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.businessPartnerId, partnerId),
        isUnpaid,
        eq(invoices.discountTakenCents, 0),
        sql`${invoices.createDate} + ${invoices.discountDays} > ${today}::date`,
      ),
    );

// ── Invoices and credit memos: lists and one ────────────────────────────────────────────────────

export interface InvoiceListQuery {
  status?: InvoiceStatus | null;
  unpaid?: boolean | null;
  fromDay?: string | null;
  toDay?: string | null;
  search?: string | null;
  today: string;
}

/** Where a page starts: after the invoice with this date (of the sorted column) and number. */
export interface ListKey {
  day: string;
  number: number;
}

function invoiceConditions(partnerId: string, query: InvoiceListQuery): SQL | undefined {
  const search = query.search?.trim();
  return and(
    eq(invoices.businessPartnerId, partnerId),
    query.status ? statusCondition(query.status, query.today) : undefined,
    query.unpaid ? isUnpaid : undefined,
    // spec 02 §9: UTC days, both inclusive, on the invoice's date.
    query.fromDay ? sql`${invoices.createDate} >= ${query.fromDay}::date` : undefined,
    query.toDay ? sql`${invoices.createDate} <= ${query.toDay}::date` : undefined,
    search
      ? or(
          sql`('INV-' || ${invoices.number}::text) ilike ${containing(search)}`,
          sql`${invoices.orderNumber} ilike ${containing(search)}`,
          sql`${invoices.poNumber} ilike ${containing(search)}`,
        )
      : undefined,
  );
}

/**
 * A page of a partner's invoices sorted by create or due date (then number, the same way), `limit` of them
 * after `after`; and the count and sums of every invoice the filters find.
 */
export async function listInvoices(
  db: Db,
  partnerId: string,
  query: InvoiceListQuery,
  page: { sort: 'create_date' | 'due_date'; direction: 'asc' | 'desc'; limit: number; after: ListKey | null },
) {
  const column = page.sort === 'due_date' ? invoices.dueDate : invoices.createDate;
  const where = invoiceConditions(partnerId, query);
  const keyset = page.after
    ? page.direction === 'asc'
      ? sql`(${column}, ${invoices.number}) > (${page.after.day}::date, ${page.after.number})`
      : sql`(${column}, ${invoices.number}) < (${page.after.day}::date, ${page.after.number})`
    : undefined;
  const order = page.direction === 'asc' ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(and(where, keyset))
      .orderBy(order(column), order(invoices.number))
      .limit(page.limit),
    db
      .select({
        count: counted(sql`count(*)`),
        totalCents: money(sql`sum(${invoices.totalCents})`),
        openCents: money(sql`sum(${openOf})`),
      })
      .from(invoices)
      .where(where),
  ]);
  return { rows, totals: totals! };
}

export async function invoiceOfPartner(db: Db | Tx, partnerId: string, id: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.businessPartnerId, partnerId)));
  return row ?? null;
}

export const invoicesByIds = (db: Db | Tx, ids: string[]) =>
  ids.length ? db.select().from(invoices).where(inArray(invoices.id, ids)) : Promise.resolve([]);

/** What each succeeded payment did to an invoice (cash, credit, discount), oldest first, with who paid. */
export const paymentsOfInvoice = (db: Db, invoiceId: string) =>
  db
    .select({
      number: invoicePayments.number,
      at: invoicePayments.createdAt,
      method: invoicePayments.methodLabel,
      paidByName: invoicePayments.paidByName,
      actingForName: invoicePayments.actingForName,
      cashCents: money(sql`sum(${paymentApplications.cashCents})`),
      creditCents: money(sql`sum(${paymentApplications.creditCents})`),
      discountCents: money(sql`sum(${paymentApplications.discountCents})`),
    })
    .from(paymentApplications)
    .innerJoin(invoicePayments, eq(invoicePayments.id, paymentApplications.paymentId))
    .where(and(eq(paymentApplications.invoiceId, invoiceId), eq(invoicePayments.status, 'succeeded')))
    .groupBy(invoicePayments.id)
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.number));

/** The credit memos drawn on an invoice, each once, by number. */
export const creditMemosAppliedTo = (db: Db, invoiceId: string) =>
  db
    .selectDistinct({ id: creditMemos.id, number: creditMemos.number })
    .from(paymentApplications)
    .innerJoin(creditMemos, eq(creditMemos.id, paymentApplications.creditMemoId))
    .where(and(eq(paymentApplications.invoiceId, invoiceId), isNotNull(paymentApplications.creditMemoId)))
    .orderBy(asc(creditMemos.number));

export interface CreditMemoListQuery {
  open?: boolean | null;
  fromDay?: string | null;
  toDay?: string | null;
  search?: string | null;
}

const memoLeft = sql`${creditMemos.amountCents} - ${creditMemos.appliedCents}`;

function creditMemoConditions(partnerId: string, query: CreditMemoListQuery) {
  const search = query.search?.trim();
  return and(
    eq(creditMemos.businessPartnerId, partnerId),
    query.open ? sql`${memoLeft} > 0` : undefined,
    query.fromDay ? sql`${creditMemos.createDate} >= ${query.fromDay}::date` : undefined,
    query.toDay ? sql`${creditMemos.createDate} <= ${query.toDay}::date` : undefined,
    search
      ? or(
          sql`('CM-' || ${creditMemos.number}::text) ilike ${containing(search)}`,
          sql`${creditMemos.orderNumber} ilike ${containing(search)}`,
        )
      : undefined,
  );
}

/** The invoice a credit memo came from, by number (a left join: most have one, an ERP's may not). */
const memoInvoiceNumber = sql<
  number | null
>`(select i.number from invoices i where i.id = ${creditMemos.invoiceId})`.mapWith((value) =>
  value === null ? null : Number(value),
);

/** A page of a partner's credit memos, newest first (date, then number), and how many the filters find. */
export async function listCreditMemos(
  db: Db,
  partnerId: string,
  query: CreditMemoListQuery,
  page: { limit: number; after: ListKey | null },
) {
  const where = creditMemoConditions(partnerId, query);
  const keyset = page.after
    ? sql`(${creditMemos.createDate}, ${creditMemos.number}) < (${page.after.day}::date, ${page.after.number})`
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ memo: creditMemos, invoiceNumber: memoInvoiceNumber })
      .from(creditMemos)
      .where(and(where, keyset))
      .orderBy(desc(creditMemos.createDate), desc(creditMemos.number))
      .limit(page.limit),
    db
      .select({ n: counted(sql`count(*)`) })
      .from(creditMemos)
      .where(where),
  ]);
  return { rows, totalCount: count!.n };
}

export async function creditMemoOfPartner(db: Db, partnerId: string, id: string) {
  const [row] = await db
    .select({ memo: creditMemos, invoiceNumber: memoInvoiceNumber })
    .from(creditMemos)
    .where(and(eq(creditMemos.id, id), eq(creditMemos.businessPartnerId, partnerId)));
  return row ?? null;
}

/** Where a credit memo's amount went: each succeeded payment's credit on each invoice, oldest first. */
export const applicationsOfCreditMemo = (db: Db, creditMemoId: string) =>
  db
    .select({
      receiptNumber: invoicePayments.number,
      at: invoicePayments.createdAt,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
      creditCents: paymentApplications.creditCents,
    })
    .from(paymentApplications)
    .innerJoin(invoicePayments, eq(invoicePayments.id, paymentApplications.paymentId))
    .innerJoin(invoices, eq(invoices.id, paymentApplications.invoiceId))
    .where(and(eq(paymentApplications.creditMemoId, creditMemoId), eq(invoicePayments.status, 'succeeded')))
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.number), asc(invoices.number));

// ── Writes: documents ─────────────────────────────────────────────────────────────────────────────

export interface OrderToInvoice {
  businessPartnerId: string;
  /** Null for an invoice from the ERP's history, from before the portal took orders (the demo seed's). */
  orderId: string | null;
  orderNumber: string | null;
  poNumber: string | null;
  totalCents: number;
  /** When the order was placed: the invoice's date is its UTC day. */
  placedAt: Date;
}

/**
 * The invoice of an order bought on terms, in the caller's transaction (the order's own): our terms
 * (INVOICE_TERMS, docs/decisions.md "Billing"): due net 30 days after its date, 2 % off within 10 days; an
 * invoice under INVOICE_TERMS.partialMinTotalCents is paid in full.
 */
export async function invoiceForOrder(tx: Tx, order: OrderToInvoice): Promise<InvoiceRow> {
  const createDate = dayOf(order.placedAt);
  const [row] = await tx
    .insert(invoices)
    .values({
      businessPartnerId: order.businessPartnerId,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      poNumber: order.poNumber,
      createDate,
      dueDate: addDays(createDate, INVOICE_TERMS.netDays),
      totalCents: order.totalCents,
      discountDays: INVOICE_TERMS.discountDays,
      discountBp: INVOICE_TERMS.discountBp,
      partialPaymentAllowed: order.totalCents >= INVOICE_TERMS.partialMinTotalCents,
      createdAt: order.placedAt,
      updatedAt: order.placedAt,
    })
    .returning();
  return row!;
}

export interface NewCreditMemo {
  businessPartnerId: string;
  createDate: string;
  amountCents: number;
  reason: string;
  invoiceId: string | null;
  orderId: string | null;
  orderNumber: string | null;
}

/** A credit memo (a return, an adjustment), in the caller's transaction. */
export async function insertCreditMemo(tx: Tx, memo: NewCreditMemo): Promise<CreditMemoRow> {
  const at = new Date(`${memo.createDate}T12:00:00Z`);
  const [row] = await tx
    .insert(creditMemos)
    .values({ ...memo, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

// ── Writes: payments ──────────────────────────────────────────────────────────────────────────────

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

// ── The ledger's own check ────────────────────────────────────────────────────────────────────────

/**
 * Invoices and credit memos whose running sums differ from the sums of their applications (none, unless
 * something wrote around applyPayment): tests run it after every case.
 */
export async function ledgerMismatches(db: Db) {
  const result = (await db.execute(sql`
    select 'invoice' as kind, i.id, i.paid_cents as stored, coalesce(sum(a.cash_cents + a.credit_cents), 0) as summed,
      i.discount_taken_cents as stored_discount, coalesce(sum(a.discount_cents), 0) as summed_discount
    from invoices i left join payment_applications a on a.invoice_id = i.id
    group by i.id
    having i.paid_cents <> coalesce(sum(a.cash_cents + a.credit_cents), 0)
      or i.discount_taken_cents <> coalesce(sum(a.discount_cents), 0)
    union all
    select 'credit memo', m.id, m.applied_cents, coalesce(sum(a.credit_cents), 0), 0, 0
    from credit_memos m left join payment_applications a on a.credit_memo_id = m.id
    group by m.id
    having m.applied_cents <> coalesce(sum(a.credit_cents), 0)
  `)) as { rows: Record<string, unknown>[] };
  return result.rows;
}
