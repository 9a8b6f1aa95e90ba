import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, messages, type SearchProductsResponse, type Session } from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { injectionOf, signedInAs, testClient, unchecked, type TestClient } from '../../../test/client.ts';
import { partnerByCode } from '../../../test/builders.ts';
import { impersonationEvents } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const session = async (c: TestClient) => (await c.call(endpoints.session.get)).json() as Session;
const select = (c: TestClient, sapBpCode: string) => c.call(endpoints.session.selectBusiness, { body: { sapBpCode } });
async function firstPriceKinds(c: TestClient, brand: string) {
  const res = await c.call(endpoints.catalog.searchProducts, { body: { limit: 20, filters: { brands: [brand] } } });
  const body = res.json() as SearchProductsResponse;
  return { kinds: new Set(body.results.filter((p) => p.msrpCents !== null).map((p) => p.price.kind)), body };
}

describe('POST /api/select-business (spec 01 §4)', () => {
  it('an inside rep impersonates the dealer primary; prices become the dealer’s', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    expect((await session(rep)).selectedBusiness).toBeNull();
    // Without a business a rep sees the discounted price on every brand.
    expect((await firstPriceKinds(rep, 'sentinel')).kinds).toEqual(new Set(['discounted']));

    const res = await select(rep, ' c100234 ');
    expect(res.statusCode).toBe(200);
    const after = res.json() as Session;
    expect(after.selectedBusiness).toMatchObject({ sapBpCode: 'C100234', companyName: 'Northside Auto Sound' });
    // spec 01 §6: the menus carry the business's approved brands.
    expect([...(after.selectedBusiness?.approvedBrands ?? [])].sort()).toEqual([
      'arcticstart',
      'drivelink',
      'northwind',
    ]);
    expect(after.impersonatedUser?.email).toBe('owner@demo.test');
    expect(after.user?.email).toBe('insiderep@demo.test');

    // Northside has Northwind approved, not Sentinel.
    expect((await firstPriceKinds(rep, 'sentinel')).kinds).toEqual(new Set(['msrp']));
    const northwind = await firstPriceKinds(rep, 'northwind');
    expect(northwind.kinds).toEqual(new Set(['discounted']));
    expect(northwind.body.accountInformation?.sapBpCode).toBe('C100234');

    const events = await t.db
      .select()
      .from(impersonationEvents)
      .where(eq(impersonationEvents.kind, 'business-selected'));
    expect(
      events.some((e) => e.actorUserId === after.user!.id && e.impersonatedUserId === after.impersonatedUser!.id),
    ).toBe(true);
  });

  it('a business without a dealer primary is refused and the previous selection stays', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    expect((await select(rep, 'C100234')).statusCode).toBe(200);
    const res = await select(rep, 'C100977');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: messages.noDealerPrimary });
    expect((await session(rep)).selectedBusiness?.sapBpCode).toBe('C100234');
  });

  it('an unknown code answers the spec’s not-found message; bad input gets field errors', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    const res = await select(rep, 'C999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: messages.partnerNotFound });
    for (const body of [{}, { sapBpCode: '' }, { sapBpCode: 'x'.repeat(21) }, { sapBpCode: 5 }]) {
      const bad = await rep.call(endpoints.session.selectBusiness, { body: unchecked(body) });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('an outside rep acts for the business without impersonating, even one without a dealer primary', async () => {
    const rep = await signedInAs(t.app, 'outsiderep@demo.test');
    const res = await select(rep, 'C100977');
    expect(res.statusCode).toBe(200);
    const after = res.json() as Session;
    expect(after.selectedBusiness?.sapBpCode).toBe('C100977');
    expect(after.impersonatedUser).toBeNull();
  });

  it('only sales reps select; visitors are asked to sign in', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    expect((await select(owner, 'C100310')).statusCode).toBe(403);
    expect((await session(owner)).selectedBusiness?.sapBpCode).toBe('C100234'); // their own
    const visitor = testClient(t.app);
    expect((await select(visitor, 'C100234')).statusCode).toBe(401);
  });

  it('is per session: another sign-in of the same rep acts for nobody; clearing resets', async () => {
    const first = await signedInAs(t.app, 'insiderep@demo.test');
    const second = await signedInAs(t.app, 'insiderep@demo.test');
    await select(first, 'C100310');
    expect((await session(second)).selectedBusiness).toBeNull();
    const cleared = await first.call(endpoints.session.clearBusiness);
    expect(cleared.statusCode).toBe(200);
    expect((cleared.json() as Session).selectedBusiness).toBeNull();
    expect((await firstPriceKinds(first, 'sentinel')).kinds).toEqual(new Set(['discounted']));
  });

  it('selecting or clearing a business gives the session a new token: the old cookie gets 401 (ASVS 7.2.4)', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    const asBefore = rep.jar.header();
    const selected = await select(rep, 'C100310');
    expect(selected.statusCode).toBe(200);
    expect(rep.jar.header()).not.toBe(asBefore);
    const old = await t.app.inject({
      ...injectionOf(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100310' } }),
      headers: { cookie: asBefore },
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: messages.credentialsNeedRefresh });
    expect((await session(rep)).selectedBusiness).toMatchObject({ sapBpCode: 'C100310' }); // the new cookie works

    const asSelected = rep.jar.header();
    expect((await rep.call(endpoints.session.clearBusiness)).statusCode).toBe(200);
    const stale = await t.app.inject({
      ...injectionOf(endpoints.session.clearBusiness),
      headers: { cookie: asSelected },
    });
    expect(stale.statusCode).toBe(401);
    expect((await session(rep)).user?.email).toBe('insiderep@demo.test');
  });
});

describe('impersonation audit (issue 5)', () => {
  it('records every change made while impersonating with the real actor, not reads', async () => {
    const rep = await signedInAs(t.app, 'insiderep@demo.test');
    await select(rep, 'C100234');
    const bp = await partnerByCode(t.db, 'C100234');
    const before = await t.db
      .select()
      .from(impersonationEvents)
      .where(and(eq(impersonationEvents.businessPartnerId, bp.id), eq(impersonationEvents.kind, 'request')));
    await rep.call(endpoints.catalog.popularProducts);
    // Reads sent as POST (spec 01 §7) are reads too.
    expect((await rep.call(endpoints.catalog.searchProducts, { body: { limit: 8 } })).statusCode).toBe(200);
    expect((await rep.call(endpoints.vehicles.yearMakeModel, { body: { year: 2019 } })).statusCode).toBe(200);
    const res = await rep.call(endpoints.content.contactUs, {
      body: {
        name: 'Inside Rep',
        email: 'insiderep@demo.test',
        subject: 'Other',
        message: 'Sent while acting for Northside.',
      },
    });
    expect(res.statusCode).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select()
              .from(impersonationEvents)
              .where(and(eq(impersonationEvents.businessPartnerId, bp.id), eq(impersonationEvents.kind, 'request')))
          ).length,
      )
      .toBe(before.length + 1);
    const [event] = await t.db
      .select()
      .from(impersonationEvents)
      .where(and(eq(impersonationEvents.businessPartnerId, bp.id), eq(impersonationEvents.path, '/api/contact-us')));
    const recordedPaths = (
      await t.db.select().from(impersonationEvents).where(eq(impersonationEvents.businessPartnerId, bp.id))
    ).map((e) => e.path);
    expect(recordedPaths).not.toContain('/api/search-products');
    expect(recordedPaths).not.toContain('/api/year-make-model');
    const me = await session(rep);
    expect(event).toMatchObject({ actorUserId: me.user!.id, method: 'POST', status: 201 });
    expect(event!.impersonatedUserId).toBe(me.impersonatedUser!.id);
  });
});
