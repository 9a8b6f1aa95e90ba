import type { Db } from '../../db/client.ts';

/** An invoice as a partner's balances read it (spec 02 §3 invoice: invoice_total, paid_against_invoice). */
export interface LedgerInvoice {
  totalCents: number;
  paidCents: number;
  /** yyyy-mm-dd. */
  dueDate: string;
}

export interface PartnerBalances {
  /** What the partner owes: the unpaid part of its invoices. */
  accountBalanceCents: number;
  /** The unpaid part of its invoices past their due date. */
  pastDueCents: number;
  /** Its invoices, paid or not (spec 02 §3 invoices.totalCount). */
  invoiceCount: number;
}

/**
 * The balance fields of a business partner, derived from its invoices so that they always agree
 * with one another and with the invoice list (issue 15 §5): no invoices, no balance.
 */
export function balancesOf(invoices: readonly LedgerInvoice[], today: string): PartnerBalances {
  let accountBalanceCents = 0;
  let pastDueCents = 0;
  for (const invoice of invoices) {
    const open = Math.max(0, invoice.totalCents - invoice.paidCents);
    accountBalanceCents += open;
    if (invoice.dueDate < today) pastDueCents += open;
  }
  return { accountBalanceCents, pastDueCents, invoiceCount: invoices.length };
}

/**
 * The partner's invoices. The ledger arrives with the billing issue (19): until then no partner
 * has an invoice, so none claims a balance (the figures once typed into the seed are gone).
 */
export function invoicesOfPartner(_db: Db, _partnerId: string): Promise<LedgerInvoice[]> {
  return Promise.resolve([]);
}

/** The balance fields of one partner as of today (UTC date). */
export async function partnerBalances(db: Db, partnerId: string, now = new Date()): Promise<PartnerBalances> {
  return balancesOf(await invoicesOfPartner(db, partnerId), now.toISOString().slice(0, 10));
}
