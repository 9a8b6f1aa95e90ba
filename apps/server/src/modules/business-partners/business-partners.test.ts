import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  endpoints,
  DEALER_TEXTS,
  messages,
  type BillingSummary,
  type BusinessPartner,
  type BusinessPartnersResponse,
  type UserInfo,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, testClient, unchecked, type TestClient } from '../../../test/client.ts';
import { INVALID_CURSOR } from '../catalog/index.ts';
import { businessPartners } from './schema.ts';

let t: TestContext;
const idByCode = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.db.select().from(businessPartners)) idByCode.set(row.sapBpCode, row.id);
});
afterAll(() => t.close());

const signedIn = (email: string) => signedInAs(t.app, email);
const withBusiness = (email: string, sapBpCode: string) => signedInAs(t.app, email, { sapBpCode });
const listPartners = async (c: TestClient, body: object) => {
  const res = await c.call(endpoints.businessPartners.list, { body });
  expect(res.statusCode).toBe(200);
  return res.json() as BusinessPartnersResponse;
};
const codes = (page: BusinessPartnersResponse) => page.edges.map((e) => e.node.sapBpCode);
const MONEY_KEYS = ['accountBalance', 'creditLimit', 'pastDueInvoices', 'invoices'];

describe('POST /api/business-partners (spec 01 §4, §7)', () => {
  it('a sales rep pages through every partner, 100 a page, by company name, until no next page', async () => {
    const rep = await signedIn('insiderep@demo.test');
    const all = await t.db
      .select({ code: businessPartners.sapBpCode })
      .from(businessPartners)
      .orderBy(asc(businessPartners.companyName), asc(businessPartners.id));
    expect(all.length).toBeGreaterThanOrEqual(265);
    const seen: string[] = [];
    const sizes: number[] = [];
    let endCursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listPartners(rep, { limit: 100, endCursor });
      expect(page.totalCount).toBe(all.length);
      sizes.push(page.edges.length);
      seen.push(...codes(page));
      if (!page.pageInfo.hasNextPage) break;
      endCursor = page.pageInfo.endCursor!;
    }
    expect(sizes).toEqual([100, 100, all.length - 200]);
    expect(seen).toEqual(all.map((r) => r.code));
    const northside = (await listPartners(rep, {})).edges.length;
    expect(northside).toBe(100); // the default limit (spec 01 §9)
  });

  it('the node carries the channel, the default shipping city and the modal option (name, value)', async () => {
    const rep = await signedIn('outsiderep@demo.test');
    let endCursor: string | undefined;
    for (;;) {
      const page = await listPartners(rep, { limit: 100, endCursor });
      const node = page.edges.find((e) => e.node.sapBpCode === 'C100234')?.node;
      if (node) {
        expect(node).toEqual({
          id: idByCode.get('C100234'),
          sapBpCode: 'C100234',
          companyName: 'Northside Auto Sound',
          channel: { slug: 'dealer' },
          city: 'Columbus',
          countryArea: 'OH',
          // spec 01 §3: the business option in the modal, name and value (the code).
          name: 'Northside Auto Sound',
          value: 'C100234',
        });
        return;
      }
      expect(page.pageInfo.hasNextPage).toBe(true);
      endCursor = page.pageInfo.endCursor!;
    }
  });

  it('everyone else sees only their own business', async () => {
    for (const [email, expected] of [
      ['owner@demo.test', ['C100234']],
      ['installer@demo.test', ['C100234']],
      ['purchaser@demo.test', ['C100234']],
      ['accountant@demo.test', ['C100234']],
      ['retired@demo.test', ['C100234']],
      ['consumer@demo.test', ['B2C-000001']],
      ['admin@demo.test', []],
    ] as const) {
      const page = await listPartners(await signedIn(email), { limit: 100 });
      expect(codes(page), email).toEqual(expected);
      expect(page.totalCount).toBe(expected.length);
      expect(page.pageInfo.hasNextPage).toBe(false);
    }
  });

  it('can:true answers the acting business only when it is Canadian', async () => {
    expect(codes(await listPartners(await signedIn('owner@demo.test'), { can: true }))).toEqual([]);
    const rep = await signedIn('outsiderep@demo.test');
    expect(codes(await listPartners(rep, { can: true }))).toEqual([]); // no business selected
    expect((await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'N200145' } })).statusCode).toBe(200);
    expect(codes(await listPartners(rep, { can: true }))).toEqual(['N200145']);
    expect((await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100310' } })).statusCode).toBe(200);
    expect(codes(await listPartners(rep, { can: true }))).toEqual([]);
  });

  it('anonymous: 401 asking to sign in', async () => {
    const res = await testClient(t.app).call(endpoints.businessPartners.list, { body: { limit: 100 } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: messages.signInRequired });
  });

  it('bad input: field errors, and an unknown cursor is refused', async () => {
    const rep = await signedIn('insiderep@demo.test');
    for (const body of [
      { limit: 0 },
      { limit: 101 },
      { limit: 'ten' },
      { limit: 1.5 },
      { can: 'yes' },
      { endCursor: 5 },
    ]) {
      const res = await rep.call(endpoints.businessPartners.list, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('validation');
    }
    const notOurs = [
      'garbage!!',
      Buffer.from('["a","not-a-uuid"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from(JSON.stringify(['a\u0000', '00000000-0000-4000-8000-000000000000'])).toString('base64url'),
    ];
    for (const endCursor of notOurs) {
      const res = await rep.call(endpoints.businessPartners.list, { body: { endCursor } });
      expect(res.statusCode, endCursor).toBe(400);
      expect(res.json()).toEqual({ detail: INVALID_CURSOR });
    }
  });
});

describe('GET /api/business-partners/{id} (spec 01 §3, §6; spec 02 §3)', () => {
  it('the owner reads their business in full, by id or by code', async () => {
    const owner = await signedIn('owner@demo.test');
    const res = await owner.call(endpoints.businessPartners.get, { params: { id: idByCode.get('C100234')! } });
    expect(res.statusCode).toBe(200);
    const bp = res.json() as BusinessPartner;
    expect(bp).toMatchObject({
      sapBpCode: 'C100234',
      companyName: 'Northside Auto Sound',
      channel: { slug: 'dealer' },
      creditLimit: 5_000_000,
      accountInformation: { paymentTerms: 'NET 30', country: 'US' },
    });
    // Derived from the ledger (issue 19): the billing summary reads the same sums.
    const summary = (await owner.call(endpoints.billing.summary)).json() as BillingSummary;
    expect({
      accountBalance: bp.accountBalance,
      pastDueInvoices: bp.pastDueInvoices,
      invoices: bp.invoices,
    }).toEqual({
      accountBalance: summary.accountBalance.amount,
      pastDueInvoices: summary.pastDue.amount.amount,
      invoices: { totalCount: summary.invoiceCount },
    });
    expect(bp.pastDueInvoices).toBeGreaterThan(0);
    expect(bp.approvedBrands.map((b) => b.name).sort()).toEqual(['ArcticStart', 'DriveLink', 'Northwind']);
    expect(bp.addresses.every((a) => a.businessPartnerAddressType === 'SHIPPING')).toBe(true);
    expect(bp.defaultShippingAddress).toMatchObject({ city: 'Columbus', countryArea: 'OH' });
    expect(bp.defaultBillingAddress?.businessPartnerAddressType).toBe('BILLING');
    const session = await owner.session();
    expect(bp.dealerPrimary).toEqual({ droneProfile: { droneUserId: session.user!.id } });

    const byCode = await owner.call(endpoints.businessPartners.get, { params: { id: 'c100234' } });
    expect(byCode.json()).toEqual(bp);
  });

  it('limited=true leaves out money and invoices; an Installer-only user always gets the limited shape', async () => {
    const owner = await signedIn('owner@demo.test');
    const limited = (
      await owner.call(endpoints.businessPartners.get, { params: { id: 'C100234' }, query: { limited: 'true' } })
    ).json() as object;
    for (const key of MONEY_KEYS) expect(limited).not.toHaveProperty(key);
    expect(limited).toMatchObject({ sapBpCode: 'C100234', accountInformation: { paymentTerms: 'NET 30' } });
    for (const email of ['installer@demo.test', 'purchaser@demo.test', 'retired@demo.test']) {
      const c = await signedIn(email);
      for (const query of [{}, { limited: 'false' as const }]) {
        const res = await c.call(endpoints.businessPartners.get, { params: { id: 'C100234' }, query });
        expect(res.statusCode).toBe(200);
        for (const key of MONEY_KEYS) expect(res.json(), `${email} ${JSON.stringify(query)}`).not.toHaveProperty(key);
      }
    }
    const accountant = (
      await (await signedIn('accountant@demo.test')).call(endpoints.businessPartners.get, { params: { id: 'C100234' } })
    ).json();
    expect(accountant).toHaveProperty('creditLimit', 5_000_000);
  });

  it('another business answers 404 to everyone but sales reps, by id and by code', async () => {
    const lakeside = idByCode.get('C100310')!;
    for (const email of [
      'owner@demo.test',
      'installer@demo.test',
      'accountant@demo.test',
      'consumer@demo.test',
      'admin@demo.test',
    ]) {
      const c = await signedIn(email);
      for (const id of [lakeside, 'C100310']) {
        const res = await c.call(endpoints.businessPartners.get, { params: { id } });
        expect(res.statusCode, `${email} ${id}`).toBe(404);
        expect(res.json()).toEqual({ detail: DEALER_TEXTS.partnerNotFound });
      }
    }
    // A rep reads any partner (before selecting it), with or without a business selected.
    for (const rep of [await signedIn('insiderep@demo.test'), await withBusiness('insiderep@demo.test', 'C100234')]) {
      const res = await rep.call(endpoints.businessPartners.get, { params: { id: lakeside } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('creditLimit');
    }
  });

  it('unknown ids 404, bad input 400, anonymous 401', async () => {
    const rep = await signedIn('insiderep@demo.test');
    for (const id of [
      'C999999',
      '00000000-0000-4000-8000-000000000000',
      'x'.repeat(60),
      '%00',
      'C100234%00',
      'a%20b',
    ]) {
      expect((await rep.call(endpoints.businessPartners.get, { params: { id } })).statusCode, id).toBe(404);
    }
    expect((await rep.call(endpoints.businessPartners.get, { params: { id: 'x'.repeat(61) } })).statusCode).toBe(400);
    expect(
      (
        await rep.call(endpoints.businessPartners.get, {
          params: { id: 'C100234' },
          query: unchecked({ limited: 'yes' }),
        })
      ).statusCode,
    ).toBe(400);
    const anonymous = await testClient(t.app).call(endpoints.businessPartners.get, { params: { id: 'C100234' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: messages.signInRequired });
  });
});

describe('GET /api/users-info-saleor (spec 01 §3, §4)', () => {
  const info = async (c: TestClient, bpId?: string) => {
    const res = await c.call(endpoints.businessPartners.userInfo, { query: { bpId } });
    return { status: res.statusCode, body: res.json() as UserInfo & { detail?: string } };
  };

  it('the acting business: brands, shipping address, staff with purchasing rights, reps', async () => {
    const owner = await signedIn('owner@demo.test');
    const { status, body } = await info(owner);
    expect(status).toBe(200);
    expect(body.id).toBe((await owner.session()).user!.id);
    expect(body.approvedBrands.map((b) => b.slug).sort()).toEqual(['arcticstart', 'drivelink', 'northwind']);
    expect(body.defaultShippingAddress).toMatchObject({ city: 'Columbus', businessPartnerAddressType: 'SHIPPING' });
    const rights = Object.fromEntries(body.employees.map((e) => [e.email, e.isProductPurchaser]));
    expect(rights).toEqual({
      'owner@demo.test': true,
      'purchaser@demo.test': true,
      'installer@demo.test': false,
      'accountant@demo.test': false,
      'retired@demo.test': false, // a retired purchaser has no purchasing rights (spec 01 §6)
    });
    expect(body.insideSalesRep?.email).toBe('insiderep@demo.test');
    expect(body.outsideSalesRep?.email).toBe('outsiderep@demo.test');
    // The same business named by id or code is fine.
    expect((await info(owner, idByCode.get('C100234'))).status).toBe(200);
    expect((await info(owner, 'C100234')).status).toBe(200);
  });

  it('staff who may not see My Business see only themselves among the employees (issue 14 §6)', async () => {
    for (const email of ['installer@demo.test', 'purchaser@demo.test', 'accountant@demo.test', 'retired@demo.test']) {
      const { status, body } = await info(await signedIn(email));
      expect(status, email).toBe(200);
      expect(
        body.employees.map((e) => e.email),
        email,
      ).toEqual([email]);
    }
  });

  it('another business by bpId: 404 except for outside reps', async () => {
    for (const email of ['owner@demo.test', 'installer@demo.test', 'consumer@demo.test', 'admin@demo.test']) {
      const res = await info(await signedIn(email), idByCode.get('C100310'));
      expect(res.status, email).toBe(404);
      expect(res.body).toEqual({ detail: DEALER_TEXTS.partnerNotFound });
    }
    const inside = await withBusiness('insiderep@demo.test', 'C100234');
    expect((await info(inside, 'C100310')).status).toBe(404);
    expect((await info(inside)).body.employees.map((e) => e.email)).toContain('owner@demo.test');

    const outside = await signedIn('outsiderep@demo.test');
    const lakeside = await info(outside, 'C100310');
    expect(lakeside.status).toBe(200);
    expect(lakeside.body.employees).toEqual([]); // staff only for those who see My Business (issue 14 §6)
    expect(lakeside.body.id).toBe((await outside.session()).user!.id);
  });

  it('no business to act for: 404; unknown, bad or anonymous', async () => {
    for (const email of ['insiderep@demo.test', 'admin@demo.test']) {
      const res = await info(await signedIn(email));
      expect(res.status, email).toBe(404);
      expect(res.body).toEqual({ detail: DEALER_TEXTS.noBusiness });
    }
    const outside = await signedIn('outsiderep@demo.test');
    expect((await info(outside, 'C999999')).status).toBe(404);
    expect((await info(outside, '\u0000')).status).toBe(404);
    expect((await info(outside, 'x'.repeat(61))).status).toBe(400);
    const anonymous = await info(testClient(t.app));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: messages.signInRequired });
  });

  it('the consumer gets their B2C business without staff', async () => {
    const { status, body } = await info(await signedIn('consumer@demo.test'));
    expect(status).toBe(200);
    expect(body.employees).toEqual([]);
    const [b2c] = await t.db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, 'B2C-000001'));
    expect(b2c).toBeDefined();
  });
});
