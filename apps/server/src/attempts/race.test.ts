import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentCard, Receipt } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../test/client.ts';
import { idOf, partnerByCode } from '../../test/builders.ts';
import { aSoldProduct, newCreditMemo, newInvoice } from '../../test/ledger-builders.ts';
import { creditMemos, invoicePayments } from '../modules/billing/schema.ts';
import { ledgerMismatches } from '../modules/billing/repo/index.ts';

/**
 * Issue 26's hole: thirty invoice payments at once that all apply the same credit memo once deadlocked on
 * PostgreSQL (two answered 500, one after its card was charged, and that payment stayed 'charging'). Locks
 * are now taken in one order and a deadlock is retried inside the attempt machine: no 500, no payment left
 * charging, the ledger balanced — race after race.
 */
let t: TestContext;
let northsideId: string;
let ownerId: string;
let productId: string;
let payers: TestClient[];
let visa: PaymentCard;

beforeAll(async () => {
  t = await createTestApp();
  northsideId = (await partnerByCode(t.db, 'C100234')).id;
  ownerId = await idOf(t.db, 'owner@demo.test');
  productId = await aSoldProduct(t.db);
  payers = await Promise.all([
    signedInAs(t.app, 'owner@demo.test'),
    signedInAs(t.app, 'accountant@demo.test'),
    signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' }),
  ]);
  visa = ((await payers[0]!.call('GET', '/api/card')).json() as PaymentCard[]).find((m) => m.type === 'CARD')!;
});
afterAll(() => t?.close());

let keys = 0;
const pay = (c: TestClient, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay-invoice',
    payload: body,
    remoteAddress: c.remoteAddress,
    headers: { cookie: c.jar.header(), 'idempotency-key': `race-${Date.now()}-${++keys}` },
  });

describe.runIf(inject('postgresTemplate'))('thirty payments at once on one credit memo (PostgreSQL)', () => {
  it('never a 500, never a payment left charging, the ledger balanced, race after race', async () => {
    const RACES = Number(process.env.RACES ?? 15);
    for (let race = 0; race < RACES; race++) {
      const memo = await newCreditMemo(t.db, northsideId, 214);
      const invoices: Awaited<ReturnType<typeof newInvoice>>[] = [];
      for (let i = 0; i < 30; i++)
        invoices.push(
          await newInvoice(t.db, {
            partnerId: northsideId,
            userId: ownerId,
            productId,
            totalCents: 12_000 + i,
            daysAgo: 40,
          }),
        );
      const answers = await Promise.all(
        invoices.map((invoice, i) =>
          pay(payers[i % payers.length]!, {
            // Overlapping invoice sets, sent in either order: payments that share invoices and the memo.
            invoices: (i % 2 ? [invoice, invoices[(i + 7) % 30]!] : [invoices[(i + 13) % 30]!, invoice]).map((v) => ({
              id: v.id,
              paymentAmount: v.totalCents,
            })),
            creditMemos: [{ id: memo.id }],
            paymentMethodId: visa.id,
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      for (const a of answers) expect([201, 400, 409], `race ${race}: ${a.body}`).toContain(a.statusCode);
      const paid = answers.filter((a) => a.statusCode === 201).map((a) => a.json() as Receipt);
      // The memo's $2.14 went to exactly one payment.
      expect(
        paid.filter((r) => r.credit.amount > 0).map((r) => r.credit.amount),
        statuses.join(','),
      ).toEqual([214]);
      const [memoRow] = await t.db.select().from(creditMemos).where(eq(creditMemos.id, memo.id));
      expect(memoRow).toMatchObject({ appliedCents: 214, heldByPaymentId: null });
      const charging = await t.db.select().from(invoicePayments).where(eq(invoicePayments.status, 'charging'));
      expect(charging, `race ${race}`).toEqual([]);
      expect(await ledgerMismatches(t.db)).toEqual([]);
    }
  }, 300_000);
});
