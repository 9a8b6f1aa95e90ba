import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, PAYMENT_METHOD_TEXTS, type PaymentCard } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/client.ts';
import { lastMailTo } from '../../../test/builders.ts';

const bankAccount = {
  isDefault: false,
  accountHolderName: 'Northside Auto Sound LLC',
  accountType: 'CHECKING' as const,
  ownerType: 'COMPANY' as const,
  routingNumber: '110000000',
  accountNumber: '000555000111',
};

/** Adds a bank account as Northside's owner; answers it and the deposits mail the owner got. */
async function addBankAccount(t: TestContext) {
  const owner = await signedInAs(t.app, 'owner@demo.test');
  const res = await owner.call(endpoints.paymentMethods.createBankAccount, { body: bankAccount });
  expect(res.statusCode).toBe(201);
  const mail = await lastMailTo(t.db, 'owner@demo.test');
  return { owner, account: res.json() as PaymentCard, mail };
}

describe('the micro-deposits a demo user enters (issue 27 §2)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('in demo mode with the test processor: said on the account until verified, and in the deposits mail', async () => {
    const { owner, account, mail } = await addBankAccount(t);
    const hint = PAYMENT_METHOD_TEXTS.depositsTestHint(32, 45);
    expect(account.verificationHint).toBe(hint);
    expect(mail).toMatchObject({ subject: PAYMENT_METHOD_TEXTS.depositsSentSubject });
    expect(mail!.text).toContain(`ending ${account.last4} of Northside Auto Sound`);
    expect(mail!.text).toContain(hint);

    const verified = await owner.call(endpoints.paymentMethods.verifyBankAccount, {
      body: { id: account.id, amounts: [32, 45] },
    });
    expect(verified.statusCode).toBe(200);
    const listed = ((await owner.call(endpoints.paymentMethods.list)).json() as PaymentCard[]).find(
      (m) => m.id === account.id,
    );
    expect(listed).toMatchObject({ status: 'verified' });
    expect(listed!.verificationHint ?? null).toBeNull();
  });
});

describe('outside demo mode (issue 27 §2: never in production)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'false' });
  });
  afterAll(() => t?.close());

  it('the account and the mail say that deposits were sent, not what they are', async () => {
    const { account, mail } = await addBankAccount(t);
    expect(account.verificationHint ?? null).toBeNull();
    expect(mail).toMatchObject({ subject: PAYMENT_METHOD_TEXTS.depositsSentSubject });
    expect(mail!.text).not.toMatch(/32|45/);
  });
});
