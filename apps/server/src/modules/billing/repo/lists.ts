import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { type InvoiceStatus } from '@portal/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { creditMemos, invoicePayments, invoices, paymentApplications } from '../schema.ts';
import { containing, openOf, isUnpaid, statusCondition, money, counted } from './shared.ts';

// Invoices and credit memos: pages of a list, and one with what was applied to it.

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
