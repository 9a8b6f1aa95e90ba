import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  endpoints,
  PAYMENT_METHOD_TEXTS,
  type BodyOf,
  type PaymentCard,
  type UsersPaymentMethods,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, unchecked, type TestClient } from '../../../test/client.ts';
import { partnerByCode } from '../../../test/builders.ts';
import { paymentMethods } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

type CardBody = BodyOf<typeof endpoints.paymentMethods.create>;
type BankBody = BodyOf<typeof endpoints.paymentMethods.createBankAccount>;

/** The card create payload of spec 02 §3, as the billing form sends it. */
const cardPayload = (overrides: Partial<CardBody> = {}): CardBody => ({
  isDefault: false,
  number: '4242 4242 4242 4242',
  expMonth: '08',
  expYear: NEXT_YEAR,
  cvv: '123',
  name: 'Dana Whitfield',
  streetAddress1: '1200 Harbor Way',
  streetAddress2: '',
  city: 'Tacoma',
  state: 'WA',
  postalCode: '98402',
  countryCode: 'US',
  ...overrides,
});

const bankPayload = (overrides: Partial<BankBody> = {}): BankBody => ({
  isDefault: false,
  accountHolderName: 'Northside Auto Sound LLC',
  accountType: 'CHECKING',
  ownerType: 'COMPANY',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  ...overrides,
});

const list = async (c: TestClient) => (await c.call(endpoints.paymentMethods.list)).json() as PaymentCard[];
const fields = (body: unknown) => ((body as { validation?: { field: string }[] }).validation ?? []).map((v) => v.field);
const messagesOf = (body: unknown) =>
  ((body as { validation?: { messages: string[] }[] }).validation ?? []).flatMap((v) => v.messages);

describe('the demo data (first: the tests below change Northside’s cards)', () => {
  it('the demo data gives Northside a main card and an unverified bank account (DEMO-DATA.md)', async () => {
    const northside = await partnerByCode(t.db, 'C100234');
    const rows = await t.db.select().from(paymentMethods).where(eq(paymentMethods.businessPartnerId, northside.id));
    expect(rows.some((row) => row.type === 'CARD' && row.isMain)).toBe(true);
    expect(rows.some((row) => row.type === 'BANK_ACCOUNT' && row.status === 'unverified')).toBe(true);
  });
});

describe('cards of a dealer (spec 02 §3, §4, §5, §7 "Cards")', () => {
  it('adds a card keeping only its token, brand, last 4, expiry, name and address; never the number or CVV', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const res = await owner.call(endpoints.paymentMethods.create, {
      body: cardPayload({ number: '5555555555554444', cvv: '987' }),
    });
    expect(res.statusCode).toBe(201);
    const card = res.json() as PaymentCard;
    expect(card).toMatchObject({
      type: 'CARD',
      number: '**** 4444',
      last4: '4444',
      brand: 'mastercard',
      expiration_date: `08/${NEXT_YEAR}`,
      cvv: null,
      name: 'Dana Whitfield',
      billing_info: { Address1: '1200 Harbor Way', Address2: '', City: 'Tacoma', State: 'WA', Zip5: '98402' },
      country: 'US',
      status: 'verified',
    });
    // Nothing in the database holds the number or the CVV.
    const dump = JSON.stringify(await t.db.select().from(paymentMethods));
    expect(dump).not.toContain('5555555555554444');
    expect(dump).not.toMatch(/"987"/);
    expect((await list(owner)).map((c) => c.id)).toContain(card.id);
  });

  it('refuses what the spec and the processor refuse, with field messages or the processor detail', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const bad = await owner.call(endpoints.paymentMethods.create, {
      body: cardPayload({ expMonth: '13', expYear: '99', cvv: '12', number: '4242' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad.json())).toEqual(expect.arrayContaining(['expMonth', 'expYear', 'cvv', 'number']));
    expect(messagesOf(bad.json())).toEqual(
      expect.arrayContaining([
        PAYMENT_METHOD_TEXTS.expiryMonth,
        PAYMENT_METHOD_TEXTS.expiryYear,
        PAYMENT_METHOD_TEXTS.cvv,
      ]),
    );
    // Luhn: the processor's words.
    const luhn = await owner.call(endpoints.paymentMethods.create, {
      body: cardPayload({ number: '4242424242424241' }),
    });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json()).toEqual({ detail: 'Your card number is incorrect.' });
    // spec 02 §5: the year list is 26 years from this one; the 27th is refused.
    const far = String((new Date().getUTCFullYear() + 26) % 100).padStart(2, '0');
    const tooFar = await owner.call(endpoints.paymentMethods.create, { body: cardPayload({ expYear: far }) });
    expect(messagesOf(tooFar.json())).toContain(PAYMENT_METHOD_TEXTS.expiryYear);
    const zip = await owner.call(endpoints.paymentMethods.create, { body: cardPayload({ postalCode: 'ABCDE' }) });
    expect(messagesOf(zip.json())).toContain(PAYMENT_METHOD_TEXTS.postalCode);
    // Another business's code is not the session's business.
    const other = await owner.call(endpoints.paymentMethods.create, { body: cardPayload({ sapBpCode: 'C100310' }) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.otherBusiness });
  });

  it('keeps at most one main: a default card, or making one main, unsets the others', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const first = (
      await owner.call(endpoints.paymentMethods.create, { body: cardPayload({ isDefault: true }) })
    ).json() as PaymentCard;
    expect(first.is_main).toBe(true);
    const second = (
      await owner.call(endpoints.paymentMethods.createCreditCard, { body: cardPayload({ name: 'Second Card' }) })
    ).json() as PaymentCard;
    expect(second.is_main).toBe(false);
    const made = await owner.call(endpoints.paymentMethods.update, {
      params: { id: second.id },
      body: { updates: { is_main: true } },
    });
    expect(made.statusCode).toBe(200);
    const cards = await list(owner);
    expect(cards.filter((c) => c.is_main).map((c) => c.id)).toEqual([second.id]);
    expect(cards[0]!.id).toBe(second.id); // main first
    // Two at once still leave one main.
    await Promise.all([
      owner.call(endpoints.paymentMethods.update, { params: { id: first.id }, body: { updates: { is_main: true } } }),
      owner.call(endpoints.paymentMethods.updateCreditCard, { body: { id: second.id, updates: { is_main: true } } }),
    ]);
    expect((await list(owner)).filter((c) => c.is_main)).toHaveLength(1);
  });

  it("changes a card's name, expiry and billing address; 'Updates object is required', 'Card id is a required field'", async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const card = (await owner.call(endpoints.paymentMethods.create, { body: cardPayload() })).json() as PaymentCard;
    const changed = await owner.call(endpoints.paymentMethods.updateCreditCard, {
      body: {
        id: card.id,
        updates: {
          name: 'D. Whitfield',
          expMonth: '01',
          expYear: NEXT_YEAR,
          billing_info: { Address1: '9 Pier St', Address2: 'Suite 4', City: 'Seattle', State: 'WA', Zip5: '98101' },
        },
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'D. Whitfield',
      expiration_date: `01/${NEXT_YEAR}`,
      billing_info: { Address1: '9 Pier St', Address2: 'Suite 4', City: 'Seattle', Zip5: '98101' },
    });
    const expired = await owner.call(endpoints.paymentMethods.update, {
      params: { id: card.id },
      body: {
        updates: { expMonth: '01', expYear: String(new Date().getUTCFullYear()).slice(2) },
      },
    });
    if (new Date().getUTCMonth() > 0) expect(expired.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.expired });
    const zip = await owner.call(endpoints.paymentMethods.update, {
      params: { id: card.id },
      body: {
        updates: { billing_info: { Address1: '1 A St', City: 'Tacoma', State: 'WA', Zip5: 'K1A 0B1' } },
      },
    });
    expect(zip.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.postalCode });
    const noUpdates = await owner.call(endpoints.paymentMethods.update, {
      params: { id: card.id },
      body: unchecked({}),
    });
    expect(noUpdates.statusCode).toBe(400);
    expect(messagesOf(noUpdates.json())).toContain(PAYMENT_METHOD_TEXTS.updatesRequired);
    const noId = await owner.call(endpoints.paymentMethods.updateCreditCard, {
      body: unchecked({ updates: { name: 'X Y' } }),
    });
    expect(messagesOf(noId.json())).toContain(PAYMENT_METHOD_TEXTS.cardIdRequired);
    const blankId = await owner.call(endpoints.paymentMethods.deleteCreditCard, { body: { id: ' ' } });
    expect(messagesOf(blankId.json())).toContain(PAYMENT_METHOD_TEXTS.cardIdRequired);
  });

  it('removes a card; another dealer’s card is not found, and stays', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const card = (await owner.call(endpoints.paymentMethods.create, { body: cardPayload() })).json() as PaymentCard;
    expect((await owner.call(endpoints.paymentMethods.remove, { params: { id: card.id } })).json()).toEqual({
      id: card.id,
      deleted: true,
    });
    expect((await owner.call(endpoints.paymentMethods.byId, { params: { id: card.id } })).statusCode).toBe(404);
    expect((await owner.call(endpoints.paymentMethods.deleteCreditCard, { body: { id: card.id } })).statusCode).toBe(
      404,
    );
    // Lakeside's owner signs in with a second factor: a rep acting for Lakeside adds its card.
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100310' });
    const theirs = (await rep.call(endpoints.paymentMethods.create, { body: cardPayload() })).json() as PaymentCard;
    expect((await owner.call(endpoints.paymentMethods.byId, { params: { id: theirs.id } })).statusCode).toBe(404);
    expect((await owner.call(endpoints.paymentMethods.remove, { params: { id: theirs.id } })).statusCode).toBe(404);
    expect((await rep.call(endpoints.paymentMethods.byId, { params: { id: theirs.id } })).statusCode).toBe(200);
  });
});

describe('who sees and changes payment methods (spec 01 §6)', () => {
  it('purchasing rights or Billing load them; an installer without rights gets 403', async () => {
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const res = await installer.call(endpoints.paymentMethods.list);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.noPaymentMethods });
    for (const email of ['purchaser@demo.test', 'accountant@demo.test', 'owner@demo.test'])
      expect((await (await signedInAs(t.app, email)).call(endpoints.paymentMethods.list)).statusCode, email).toBe(200);
  });

  it('a rep without a business gets none; acting for Northside, Northside’s (and dealer_id must be its)', async () => {
    const alone = await signedInAs(t.app, 'insiderep@demo.test');
    expect(await list(alone)).toEqual([]);
    const methods = (
      await alone.call(endpoints.paymentMethods.usersPaymentMethods, { body: {} })
    ).json() as UsersPaymentMethods;
    expect(methods.paymentMethods).toEqual([]);
    const rep = await signedInAs(t.app, 'insiderep@demo.test', { sapBpCode: 'C100234' });
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect((await list(rep)).map((c) => c.id).sort()).toEqual((await list(owner)).map((c) => c.id).sort());
    const dealerId = (await owner.session()).user!.dealer_id!;
    expect((await rep.call(endpoints.paymentMethods.list, { query: { dealer_id: dealerId } })).statusCode).toBe(200);
    expect(
      (await rep.call(endpoints.paymentMethods.list, { query: { dealer_id: 'some-other-dealer' } })).statusCode,
    ).toBe(403);
  });

  it('a purchaser may add a card to pay with, but not change, remove or add a bank account', async () => {
    const purchaser = await signedInAs(t.app, 'purchaser@demo.test');
    const card = (await purchaser.call(endpoints.paymentMethods.create, { body: cardPayload() })).json() as PaymentCard;
    expect(card.status).toBe('verified');
    expect(
      (
        await purchaser.call(endpoints.paymentMethods.update, {
          params: { id: card.id },
          body: { updates: { is_main: true } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await purchaser.call(endpoints.paymentMethods.remove, { params: { id: card.id } })).statusCode).toBe(403);
    expect((await purchaser.call(endpoints.paymentMethods.createBankAccount, { body: bankPayload() })).statusCode).toBe(
      403,
    );
  });

  it('users-payment-methods answers the methods, COD and TERMS, and whether the main card is Canadian', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const methods = (
      await owner.call(endpoints.paymentMethods.usersPaymentMethods, { body: { sapBpCode: 'C100234' } })
    ).json() as UsersPaymentMethods;
    expect(methods.gateways.map((g) => g.id)).toEqual(['COD', 'TERMS']);
    expect(methods.paymentMethods.length).toBeGreaterThan(0);
    expect(methods.isCanadianUser).toBe(false);
    const canadian = await owner.call(endpoints.paymentMethods.create, {
      body: cardPayload({ isDefault: true, countryCode: 'CA', state: 'ON', postalCode: 'M5V 2T6' }),
    });
    expect(canadian.statusCode).toBe(201);
    expect(
      ((await owner.call(endpoints.paymentMethods.usersPaymentMethods, { body: {} })).json() as UsersPaymentMethods)
        .isCanadianUser,
    ).toBe(true);
    expect(
      (await owner.call(endpoints.paymentMethods.usersPaymentMethods, { body: { sapBpCode: 'C100310' } })).statusCode,
    ).toBe(403);
  });
});

describe('bank accounts (spec 02 §3, §4: verified before use; the verify step replaces the record)', () => {
  it('is created unverified, verified with 32 and 45 cents; a wrong pair is refused and the third locks it', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const created = await owner.call(endpoints.paymentMethods.createBankAccount, { body: bankPayload() });
    expect(created.statusCode).toBe(201);
    const account = created.json() as PaymentCard;
    expect(account).toMatchObject({
      type: 'BANK_ACCOUNT',
      status: 'unverified',
      last4: '6789',
      expiration_date: null,
      // Stripe's test routing number names no bank: nothing is shown, never 'STRIPE TEST BANK' (issue 27 §7).
      bank: { bankName: '', accountType: 'CHECKING', ownerType: 'COMPANY' },
    });
    const dump = JSON.stringify(await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, account.id)));
    expect(dump).not.toContain('000123456789');

    const wrong = await owner.call(endpoints.paymentMethods.verifyBankAccount, {
      body: { id: account.id, amounts: [45, 33] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.verificationRefused(2) });
    const verified = await owner.call(endpoints.paymentMethods.verifyBankAccount, {
      body: { id: account.id, amounts: [45, 32] },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: account.id, status: 'verified' });
    expect(
      (await owner.call(endpoints.paymentMethods.verifyBankAccount, { body: { id: account.id, amounts: [32, 45] } }))
        .statusCode,
    ).toBe(409);

    const other = (
      await owner.call(endpoints.paymentMethods.createBankAccount, { body: bankPayload() })
    ).json() as PaymentCard;
    for (const left of [2, 1]) {
      const res = await owner.call(endpoints.paymentMethods.verifyBankAccount, {
        body: { id: other.id, amounts: [1, 2] },
      });
      expect(res.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.verificationRefused(left) });
    }
    const locked = await owner.call(endpoints.paymentMethods.verifyBankAccount, {
      body: { id: other.id, amounts: [1, 2] },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.verificationLocked });
    expect(
      ((await owner.call(endpoints.paymentMethods.byId, { params: { id: other.id } })).json() as PaymentCard).status,
    ).toBe('locked');
    // Even the right pair no longer helps.
    expect(
      (await owner.call(endpoints.paymentMethods.verifyBankAccount, { body: { id: other.id, amounts: [32, 45] } }))
        .statusCode,
    ).toBe(409);
  });

  it('validates the routing and account numbers and the deposit amounts; renames, makes main and removes', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const bad = await owner.call(endpoints.paymentMethods.createBankAccount, {
      body: bankPayload({ routingNumber: '12345', accountNumber: '12' }),
    });
    expect(fields(bad.json())).toEqual(expect.arrayContaining(['routingNumber', 'accountNumber']));
    const checksum = await owner.call(endpoints.paymentMethods.createBankAccount, {
      body: bankPayload({ routingNumber: '110000001' }),
    });
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json()).toEqual({ detail: 'The routing number is not valid.' });
    const account = (
      await owner.call(endpoints.paymentMethods.createBankAccount, { body: bankPayload() })
    ).json() as PaymentCard;
    const amounts = await owner.call(endpoints.paymentMethods.verifyBankAccount, {
      body: { id: account.id, amounts: [0, 100] },
    });
    expect(messagesOf(amounts.json())).toContain(PAYMENT_METHOD_TEXTS.depositAmount);
    // Not main before it is verified, even when asked to be the default.
    const asDefault = (
      await owner.call(endpoints.paymentMethods.createBankAccount, { body: bankPayload({ isDefault: true }) })
    ).json() as PaymentCard;
    expect(asDefault.is_main).toBe(false);
    const early = await owner.call(endpoints.paymentMethods.updateBankAccount, {
      body: { id: account.id, updates: { is_main: true } },
    });
    expect(early.json()).toEqual({ detail: PAYMENT_METHOD_TEXTS.verifyBeforeMain });
    await owner.call(endpoints.paymentMethods.verifyBankAccount, { body: { id: account.id, amounts: [32, 45] } });
    const renamed = await owner.call(endpoints.paymentMethods.updateBankAccount, {
      body: {
        id: account.id,
        updates: { accountHolderName: 'Northside Payables', is_main: true },
      },
    });
    expect(renamed.json()).toMatchObject({ name: 'Northside Payables', is_main: true });
    // A card id is not a bank account.
    const card = (await owner.call(endpoints.paymentMethods.create, { body: cardPayload() })).json() as PaymentCard;
    expect((await owner.call(endpoints.paymentMethods.deleteBankAccount, { body: { id: card.id } })).statusCode).toBe(
      404,
    );
    expect(
      (await owner.call(endpoints.paymentMethods.deleteBankAccount, { body: { id: account.id, sapBpCode: 'C100234' } }))
        .statusCode,
    ).toBe(200);
  });
});
