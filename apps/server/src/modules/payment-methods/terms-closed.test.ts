import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXTS, endpoints } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const termsOf = async (email: string, sapBpCode?: string) => {
  const client = await signedInAs(t.app, email, sapBpCode ? { sapBpCode } : undefined);
  const answer = (await client.call(endpoints.paymentMethods.usersPaymentMethods, { body: {} })).json();
  return answer.gateways.find((g) => g.id === 'TERMS')!;
};

describe('why terms are closed, known before they are chosen (issue 27 §8)', () => {
  it('Northside has invoices past due (DEMO-DATA): its ways to pay say so on TERMS, for the purchaser too', async () => {
    expect(await termsOf('purchaser@demo.test')).toMatchObject({ unavailable: CHECKOUT_TEXTS.termsPastDue });
    expect(await termsOf('owner@demo.test')).toMatchObject({ unavailable: CHECKOUT_TEXTS.termsPastDue });
  });

  it('a business with a credit line and nothing past due may choose terms', async () => {
    const terms = await termsOf('insiderep@demo.test', 'C100310');
    expect(terms.unavailable ?? null).toBeNull();
  });
});
