import { INVOICE_TERMS, addDays } from '@portal/contracts';
import type { Tx } from '../../../db/client.ts';
import { creditMemos, invoices } from '../schema.ts';
import { type InvoiceRow, type CreditMemoRow, dayOf } from './shared.ts';

// Writing documents: the invoice of a terms order, a credit memo.

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
