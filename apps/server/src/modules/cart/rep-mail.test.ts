import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_TEXTS, CHECKOUT_TEXTS, endpoints, type LastCheckout, type Receipt } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../../test/client.ts';
import { idOf, mailsTo, partnerByCode } from '../../../test/builders.ts';
import { aSoldProduct, newInvoice } from '../../../test/ledger-builders.ts';

/**
 * issue 27 §10: what a rep does for a dealer is the dealer's business. The order confirmation and the
 * receipt go to the business's dealer primary, and to the rep as a copy: the inside rep impersonates
 * the primary, the outside rep acts for the business without impersonating anyone.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const subjectsTo = async (email: string) => (await mailsTo(t.db, email)).map((mail) => mail.subject);

describe.each(['insiderep@demo.test', 'outsiderep@demo.test'])(
  'mail of %s acting for Northside (issue 27 §10)',
  (repEmail) => {
    let rep: TestClient;
    beforeAll(async () => {
      rep = await signedInAs(t.app, repEmail, { sapBpCode: 'C100234' });
    });

    it('the order confirmation goes to the dealer primary and to the rep', async () => {
      const productId = await aSoldProduct(t.db);
      const cart = (
        await rep.call(endpoints.cart.create, { body: { lines: [{ variantId: productId, quantity: 1 }] } })
      ).json() as LastCheckout['checkout'] & { token: string };
      const placed = await rep.call(endpoints.cart.complete, {
        params: { token: cart.token },
        body: { selectedPayment: 'COD' },
        headers: { 'idempotency-key': `rep-mail-${repEmail.split('@')[0]}` },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const subject = CHECKOUT_TEXTS.orderConfirmationSubject(placed.json().order.number);
      expect(await subjectsTo('owner@demo.test')).toContain(subject);
      expect(await subjectsTo(repEmail)).toContain(subject);
    });

    it('the receipt of an invoice payment too', async () => {
      const invoice = await newInvoice(t.db, {
        partnerId: (await partnerByCode(t.db, 'C100234')).id,
        userId: await idOf(t.db, 'owner@demo.test'),
        productId: await aSoldProduct(t.db),
        totalCents: 12_345,
        daysAgo: 20, // past the early-pay window: the payoff is the total
      });
      const card = ((await rep.call(endpoints.paymentMethods.list)).json() as { id: string; is_main: boolean }[]).find(
        (m) => m.is_main,
      )!;
      const paid = await rep.call(endpoints.billing.pay, {
        body: { invoices: [{ id: invoice.id, paymentAmount: invoice.totalCents }], paymentMethodId: card.id },
        headers: { 'idempotency-key': `rep-receipt-${repEmail.split('@')[0]}` },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const subject = BILLING_TEXTS.receiptSubject((paid.json() as Receipt).number);
      expect(await subjectsTo('owner@demo.test')).toContain(subject);
      expect(await subjectsTo(repEmail)).toContain(subject);
    });
  },
);
