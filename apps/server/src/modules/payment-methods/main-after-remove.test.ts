import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type PaymentCard } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

describe('removing the main card (issue 27 §12)', () => {
  it('makes the newest method that can pay the main one; with none that can pay, none is main', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const list = async () => (await owner.call(endpoints.paymentMethods.list)).json() as PaymentCard[];
    const mainOf = async () => (await list()).filter((m) => m.is_main);
    const [visa] = await mainOf();
    expect(visa).toMatchObject({ type: 'CARD', last4: '4242' });

    const added = (
      await owner.call(endpoints.paymentMethods.create, {
        body: {
          isDefault: false,
          number: '5555 5555 5555 4444',
          expMonth: '09',
          expYear: NEXT_YEAR,
          cvv: '123',
          name: 'Gary Lindqvist',
          streetAddress1: '1 Main St',
          streetAddress2: '',
          city: 'Columbus',
          state: 'OH',
          postalCode: '43215',
          countryCode: 'US',
        },
      })
    ).json() as PaymentCard;
    expect(added.is_main).toBe(false);

    expect((await owner.call(endpoints.paymentMethods.remove, { params: { id: visa!.id } })).statusCode).toBe(200);
    expect((await mainOf()).map((m) => m.id)).toEqual([added.id]);

    // What is left cannot pay (Northside's bank account is not verified): nothing is made main.
    expect((await owner.call(endpoints.paymentMethods.remove, { params: { id: added.id } })).statusCode).toBe(200);
    const left = await list();
    expect(left.some((m) => m.type === 'BANK_ACCOUNT' && m.status === 'unverified')).toBe(true);
    expect(left.filter((m) => m.is_main)).toEqual([]);
  });
});
