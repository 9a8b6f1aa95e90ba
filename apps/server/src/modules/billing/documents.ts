import type { Tx } from '../../db/client.ts';
import * as repo from './repo/index.ts';

/** Ledger documents other modules write in their own transaction. */

export type { NewCreditMemo, OrderToInvoice } from './repo/index.ts';

/**
 * The invoice of an order bought on terms, in the order's own transaction (cart/complete.ts; the demo
 * seed's history): due net 30 days after its date, 2 % off within 10 days (INVOICE_TERMS).
 */
export function invoiceForOrder(tx: Tx, order: repo.OrderToInvoice): Promise<repo.InvoiceRow> {
  return repo.invoiceForOrder(tx, order);
}

/** A credit memo (a return, an adjustment), in the caller's transaction (the demo seed). */
export function insertCreditMemo(tx: Tx, memo: repo.NewCreditMemo): Promise<repo.CreditMemoRow> {
  return repo.insertCreditMemo(tx, memo);
}
