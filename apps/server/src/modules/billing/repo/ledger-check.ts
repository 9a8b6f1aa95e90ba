import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

// The ledger's own check (tests run it after every case).

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
