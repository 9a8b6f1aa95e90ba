import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import * as repo from './repo/index.ts';

/** A payment made before the portal kept its ledger (the demo seed's history): what it applied, and when. */
export interface PastPayment {
  businessPartnerId: string;
  at: Date;
  paidBy: { userId: string; name: string; email: string };
  actingForName: string | null;
  method: { id: string; label: string } | null;
  /** Cash and the early-pay discount per invoice. */
  cash: { invoiceId: string; cents: number; discountCents?: number }[];
  credit: { invoiceId: string; creditMemoId: string; cents: number }[];
}

/**
 * Writes a succeeded payment and its applications with the sums they change (repo.applyPayment, as a paid
 * invoice payment does), in the caller's transaction. Nothing is charged: it was paid back then.
 */
export async function recordPastPayment(tx: Tx, past: PastPayment) {
  const applications: repo.NewApplication[] = [
    ...past.credit.map((c) => ({ invoiceId: c.invoiceId, creditMemoId: c.creditMemoId, creditCents: c.cents })),
    ...past.cash.map((c) => ({
      invoiceId: c.invoiceId,
      creditMemoId: null,
      cashCents: c.cents,
      discountCents: c.discountCents ?? 0,
    })),
  ];
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const payment = await repo.insertPayment(tx, {
    businessPartnerId: past.businessPartnerId,
    userId: past.paidBy.userId,
    paidByName: past.paidBy.name,
    paidByEmail: past.paidBy.email,
    actingForName: past.actingForName,
    idempotencyKey: `seed-${randomUUID()}`,
    requestHash: 'seed',
    status: 'succeeded',
    methodLabel: past.method?.label ?? null,
    paymentMethodId: past.method?.id ?? null,
    chargedCents: sum(past.cash.map((c) => c.cents)),
    discountCents: sum(past.cash.map((c) => c.discountCents ?? 0)),
    creditCents: sum(past.credit.map((c) => c.cents)),
    snapshot: { seeded: true },
    createdAt: past.at,
    updatedAt: past.at,
  });
  await repo.applyPayment(tx, payment.id, applications);
  return payment;
}
