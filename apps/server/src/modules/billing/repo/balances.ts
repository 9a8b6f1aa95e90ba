import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { creditMemos, invoices } from '../schema.ts';
import { dayOf, openOf, isUnpaid, money, counted } from './shared.ts';

// A business partner's balances and credit, summed from the ledger (never typed in).

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
