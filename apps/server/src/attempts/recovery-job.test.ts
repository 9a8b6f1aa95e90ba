import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentCard, Receipt } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../test/client.ts';
import { idOf, partnerByCode } from '../../test/builders.ts';
import { aSoldProduct, newInvoice, undoLedgerWrite } from '../../test/ledger-builders.ts';
import { invoicePayments, invoices } from '../modules/billing/schema.ts';
import { processorCharges } from '../adapters/payments/schema.ts';

/**
 * Issue 26: a try a crash or a lost connection left half done is settled by the recovery job while the
 * server lives — within seconds, with no request and no restart — not only at the next start.
 */
let t: TestContext;
let owner: TestClient;
let visa: PaymentCard;
let northsideId: string;
let ownerId: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ ATTEMPT_RECOVERY_EVERY_MS: '200', CHECKOUT_RECOVERY_AFTER_MS: '0' });
  owner = await signedInAs(t.app, 'owner@demo.test');
  visa = ((await owner.call('GET', '/api/card')).json() as PaymentCard[]).find((m) => m.type === 'CARD')!;
  northsideId = (await partnerByCode(t.db, 'C100234')).id;
  ownerId = await idOf(t.db, 'owner@demo.test');
  productId = await aSoldProduct(t.db);
});
afterAll(() => t?.close());

/** Polls until `ready` holds, for at most `ms`. */
async function within<T>(ms: number, read: () => Promise<T>, ready: (value: T) => boolean) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the recovery job (issue 26)', () => {
  it('settles a charged payment that was never written, within seconds, with no request', async () => {
    const invoice = await newInvoice(t.db, {
      partnerId: northsideId,
      userId: ownerId,
      productId,
      totalCents: 13_000,
      daysAgo: 20,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay-invoice',
      payload: { invoices: [{ id: invoice.id, paymentAmount: 13_000 }], paymentMethodId: visa.id },
      remoteAddress: owner.remoteAddress,
      headers: { cookie: owner.jar.header(), 'idempotency-key': `job-${Date.now()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as Receipt;
    // As a crash after the charge leaves it: charged at the processor, nothing in the ledger, still charging.
    await undoLedgerWrite(t.db, receipt.id, invoice.id);

    const settled = await within(
      5_000,
      async () => (await t.db.select().from(invoicePayments).where(eq(invoicePayments.id, receipt.id)))[0]!,
      (row) => row.status !== 'charging',
    );
    expect(settled).toMatchObject({ status: 'succeeded' });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ paidCents: 13_000, heldByPaymentId: null });
    expect(
      await t.db.select().from(processorCharges).where(eq(processorCharges.idempotencyKey, receipt.id)),
    ).toHaveLength(1);
  });
});
