/**
 * The spec's entity fields (spec 01 §3, spec 02 §3) are the contract API clients of the original
 * portal read: every answer carries them, beside the portal's own (issue 15 §7; docs/decisions.md
 * "The contract's field names"). One test per entity, through HTTP on the seeded demo database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CURRENCY, endpoints, type Endpoint, type Session, type VehicleOption } from '@portal/contracts';
import { createTestApp, type TestContext } from './helpers.ts';
import { testClient, type EndpointInput, type TestClient } from './client.ts';
import { brands, products } from '../src/modules/catalog/schema.ts';
import { businessPartners } from '../src/modules/business-partners/schema.ts';
import { invoices } from '../src/modules/billing/schema.ts';
import { dealers } from '../src/modules/dealers/schema.ts';
import { DEMO_VEHICLES } from '../src/seed/vehicle-demo.ts';

let t: TestContext;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = testClient(t.app);
  expect((await owner.signIn('owner@demo.test')).statusCode).toBe(200);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
/** The raw JSON of a call that must succeed: these tests read field names, not the contracts' types. */
const ok = async <E extends Endpoint>(c: TestClient, endpoint: E, input?: EndpointInput<E>) => {
  const res = await c.call(endpoint, input);
  expect(res.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(200);
  return res.json<Json>();
};
const money = (cents: number) => ({ amount: cents / 100, currency: CURRENCY });

/** A product with related SKUs and an msrp, of a brand Northside is approved for (dealer price). */
async function productWithEverything() {
  const [row] = await t.db
    .select({ id: products.id, sku: products.sku, msrpCents: products.msrpCents, caseQty: products.caseQty })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      sql`${products.msrpCents} is not null and cardinality(${products.relatedSkus}) > 0 and ${brands.name} = 'Northwind'`,
    )
    .orderBy(products.sku)
    .limit(1);
  return row!;
}

/** spec 01 §3 product: every field the spec names, computed from the portal's own. */
function expectSpecProduct(product: Json, withDetail = true) {
  const p = product as {
    name: string;
    sku: string;
    caseQty: number;
    msrpCents: number | null;
    price: { cents: number };
    brand: { name: string; slug: string };
    relatedSkus?: string[];
  } & Json;
  expect(p.product_name).toBe(p.name);
  expect(p.sku).toMatch(/^[A-Z]{2}-[A-Z]{2,3}-[A-Z]\d{3,4}$/);
  expect(p.defaultVariant).toEqual({ sku: p.sku });
  expect(typeof p.isAvailable).toBe('boolean');
  expect(typeof p.isAvailableForPurchase).toBe('boolean');
  // {host}.amount = pricing.priceRange.start.gross.amount: the price this asker pays, as a decimal.
  const paid = { gross: money(p.price.cents) };
  const list = { gross: money(p.msrpCents ?? p.price.cents) };
  expect(p.pricing).toEqual({
    priceRange: { start: paid, stop: paid },
    priceRangeUndiscounted: { start: list, stop: list },
  });
  expect(p.msrp).toBe(p.msrpCents === null ? null : p.msrpCents / 100);
  const attributes = p.attributes as { attribute: { name: string; slug: string }; values: { name: string }[] }[];
  expect(attributes.find((a) => a.attribute.slug === 'brand-name')).toEqual({
    attribute: { name: 'Brand Name', slug: 'brand-name' },
    values: [{ name: p.brand.name, slug: p.brand.slug }],
  });
  const related = attributes.find((a) => a.attribute.slug === 'related-product-skus');
  expect(related).toBeDefined();
  if (withDetail) expect(related!.values.map((v) => v.name)).toEqual(p.relatedSkus);
  const metadata = p.metadata as { key: string; value: unknown }[];
  expect(metadata.filter((m) => m.key === 'manufacture_case_qty')).toEqual([
    { key: 'manufacture_case_qty', value: p.caseQty },
  ]);
  expect(Number.isInteger(metadata.find((m) => m.key === 'manufacture_case_qty')!.value)).toBe(true);
}

describe('Product and catalog product (spec 01 §3)', () => {
  it('product-by-sku carries every field the spec names, money as decimal amounts', async () => {
    const wanted = await productWithEverything();
    const product = await ok(owner, endpoints.catalog.productBySku, { params: { sku: wanted.sku } });
    expectSpecProduct(product);
    expect(product).toMatchObject({
      sku: wanted.sku,
      msrp: wanted.msrpCents! / 100,
      metadata: expect.arrayContaining([{ key: 'manufacture_case_qty', value: wanted.caseQty }]) as unknown,
    });
    expect((product.relatedSkus as string[]).length).toBeGreaterThan(0);
    // Northside is approved for Northwind: the dealer price, undiscounted at the msrp.
    const pricing = product.pricing as { priceRange: { start: { gross: { amount: number } } } };
    expect(pricing.priceRange.start.gross.amount).toBeLessThan(wanted.msrpCents! / 100);
    expect(product.pricing).toMatchObject({ priceRangeUndiscounted: { start: { gross: money(wanted.msrpCents!) } } });
  });

  it('a visitor and a dealer read the same fields; the price follows the rule (spec 01 §6)', async () => {
    const wanted = await productWithEverything();
    const visitor = await ok(testClient(t.app), endpoints.catalog.productBySku, { params: { sku: wanted.sku } });
    expectSpecProduct(visitor);
    expect(visitor.pricing).toMatchObject({ priceRange: { start: { gross: money(wanted.msrpCents!) } } });
  });

  it('search results carry them, in the paged result (results, totalCount, cursors, accountInformation)', async () => {
    const page = await ok(owner, endpoints.catalog.searchProducts, {
      body: { limit: 20, filters: { sort: 'name-asc' } },
    });
    expect(page).toMatchObject({
      totalCount: expect.any(Number) as unknown,
      startCursor: expect.any(String) as unknown,
      endCursor: expect.any(String) as unknown,
      accountInformation: { sapBpCode: 'C100234', companyName: 'Northside Auto Sound', channel: 'dealer' },
    });
    const results = page.results as Json[];
    expect(results).toHaveLength(20);
    for (const product of results) expectSpecProduct(product, false);
    // The related SKUs of a search row are the product page's.
    const first = results[0]! as {
      sku: string;
      attributes: { attribute: { slug: string }; values: { name: string }[] }[];
    };
    const detail = await ok(owner, endpoints.catalog.productBySku, { params: { sku: first.sku } });
    expect(
      first.attributes.find((a) => a.attribute.slug === 'related-product-skus')!.values.map((v) => v.name),
    ).toEqual(detail.relatedSkus);
  });

  it('every product list carries them: by ids, by SKUs, popular, accessories; condensed keeps name, price and variant', async () => {
    const wanted = await productWithEverything();
    const lists = [
      await ok(owner, endpoints.catalog.productsByIds, { body: { ids: [wanted.id] } }),
      await ok(owner, endpoints.catalog.productsBySkus, { body: { skus: [wanted.sku] } }),
      await ok(owner, endpoints.catalog.popularProducts, { query: { limit: 4 } }),
      await ok(owner, endpoints.vehicles.accessoryProducts, { body: { productId: wanted.id } }),
    ];
    for (const list of lists) for (const product of list.results as Json[]) expectSpecProduct(product, false);
    expect((lists[0]!.results as Json[])[0]).toMatchObject({ sku: wanted.sku, defaultVariant: { sku: wanted.sku } });

    const condensed = await ok(owner, endpoints.catalog.condensedProductsByIds, { body: { ids: [wanted.id] } });
    const [one] = condensed.results as Json[];
    expect(one).toMatchObject({ product_name: expect.any(String) as unknown, defaultVariant: { sku: wanted.sku } });
    expect(one!.pricing).toHaveProperty('priceRangeUndiscounted.start.gross.amount', wanted.msrpCents! / 100);
  });

  it('a cart line’s product and a deal’s products carry them too', async () => {
    const wanted = await productWithEverything();
    const cart = await ok(owner, endpoints.cart.create, {
      body: {
        lines: [{ variantId: wanted.id, quantity: 1 }],
      },
    });
    const [line] = cart.lines as { product: Json }[];
    expectSpecProduct(line!.product, false);
    const deals = await ok(owner, endpoints.deals.discountedProducts);
    const dealProducts = deals.results as Json[];
    expect(dealProducts.length).toBeGreaterThan(0);
    for (const product of dealProducts) expectSpecProduct(product, false);
  });

  it('the price on the wire is the rule’s price for every row (spec 01 §6), not the channel’s', async () => {
    // Both ends of the name order: brands Northside is approved for and brands it is not.
    const pages = await Promise.all(
      (['name-asc', 'name-desc'] as const).map((sort) =>
        ok(owner, endpoints.catalog.searchProducts, { body: { limit: 40, filters: { sort } } }),
      ),
    );
    const rows = pages.flatMap((page) => page.results) as (Json & {
      sku: string;
      price: { cents: number; kind: string };
      msrpCents: number | null;
      brand: { slug: string };
    })[];
    const approved = ((await ok(owner, endpoints.session.get)) as unknown as Session).selectedBusiness!.approvedBrands;
    expect(new Set(rows.map((r) => r.price.kind))).toEqual(new Set(['discounted', 'msrp']));
    for (const row of rows) {
      const kind = row.msrpCents === null || approved.includes(row.brand.slug) ? 'discounted' : 'msrp';
      expect(row.price.kind, row.sku).toBe(kind);
      expect(row.pricing, row.sku).toHaveProperty('priceRange.start.gross.amount', row.price.cents / 100);
    }
  });
});

describe('Business partner (spec 01 §3, spec 02 §3)', () => {
  it('the partner answers every field the spec names', async () => {
    const bp = await ok(owner, endpoints.businessPartners.get, { params: { id: 'C100234' } });
    for (const key of [
      'id',
      'sapBpCode',
      'companyName',
      'accountBalance',
      'creditLimit',
      'pastDueInvoices',
      'approvedBrands',
      'addresses',
      'defaultShippingAddress',
      'defaultBillingAddress',
      'accountInformation',
    ])
      expect(bp, key).toHaveProperty(key);
    expect(bp).toHaveProperty('channel.slug', 'dealer');
    expect(bp).toHaveProperty('invoices.totalCount');
    expect(bp).toHaveProperty('dealerPrimary.droneProfile.droneUserId');
    const addresses = bp.addresses as Json[];
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses)
      expect(address).toMatchObject({ businessPartnerAddressType: 'SHIPPING', city: expect.any(String) as unknown });
    expect(bp.defaultShippingAddress).toMatchObject({ city: 'Columbus', countryArea: 'OH' });
  });

  it('its balance fields agree with one another and with the ledger (issue 15 §5, issue 19)', async () => {
    const rep = testClient(t.app);
    await rep.signIn('insiderep@demo.test');
    const today = new Date().toISOString().slice(0, 10);
    const codes = ['C100234', 'C100310', 'C100977', 'N200145', 'B2C-000001'];
    for (const code of codes) {
      const bp = (await ok(rep, endpoints.businessPartners.get, { params: { id: code } })) as {
        id: string;
        accountBalance: number;
        pastDueInvoices: number;
        creditLimit: number;
        invoices: { totalCount: number };
      };
      // The ledger's own sums, straight from its tables: what is open, what of it is past due, how many.
      const rows = await t.db
        .select({
          total: invoices.totalCents,
          paid: invoices.paidCents,
          discount: invoices.discountTakenCents,
          due: invoices.dueDate,
        })
        .from(invoices)
        .where(eq(invoices.businessPartnerId, bp.id));
      const open = rows.map((r) => ({ open: r.total - r.paid - r.discount, due: r.due }));
      expect(
        { accountBalance: bp.accountBalance, pastDueInvoices: bp.pastDueInvoices, count: bp.invoices.totalCount },
        code,
      ).toEqual({
        accountBalance: open.reduce((sum, r) => sum + r.open, 0),
        pastDueInvoices: open.filter((r) => r.due < today).reduce((sum, r) => sum + r.open, 0),
        count: rows.length,
      });
      expect(Number.isInteger(bp.creditLimit)).toBe(true);
    }
    // DEMO-DATA.md: Northside owes, some of it past due; Lakeside has a few invoices.
    const northside = (await ok(owner, endpoints.businessPartners.get, { params: { id: 'C100234' } })) as Json & {
      accountBalance: number;
      pastDueInvoices: number;
      invoices: { totalCount: number };
    };
    expect(northside.accountBalance).toBeGreaterThan(northside.pastDueInvoices);
    expect(northside.pastDueInvoices).toBeGreaterThan(0);
    expect(northside.invoices.totalCount).toBeGreaterThanOrEqual(6);
  });

  it('the partner list is a connection whose nodes are the modal’s options (name and value)', async () => {
    const rep = testClient(t.app);
    await rep.signIn('insiderep@demo.test');
    const page = await ok(rep, endpoints.businessPartners.list, { body: { limit: 5 } });
    expect(page).toMatchObject({
      totalCount: expect.any(Number) as unknown,
      pageInfo: { hasNextPage: true, endCursor: expect.any(String) as unknown },
    });
    const edges = page.edges as { node: Json }[];
    expect(edges).toHaveLength(5);
    for (const { node } of edges) {
      expect(node.name).toBe(node.companyName);
      expect(node.value).toBe(node.sapBpCode);
      expect(node).toHaveProperty('channel.slug');
    }
  });
});

describe('Users (spec 01 §3)', () => {
  it('user info: approvedBrands, defaultShippingAddress, employees (id, isProductPurchaser), reps, own id', async () => {
    const info = await ok(owner, endpoints.businessPartners.userInfo);
    const session = await owner.session();
    expect(info.id).toBe(session.user!.id);
    for (const key of ['approvedBrands', 'defaultShippingAddress', 'insideSalesRep', 'outsideSalesRep'])
      expect(info, key).toHaveProperty(key);
    const employees = info.employees as Json[];
    expect(employees.length).toBeGreaterThan(1);
    for (const e of employees)
      expect(e).toMatchObject({ id: expect.any(String), isProductPurchaser: expect.any(Boolean) });
  });

  it('the logged-in user and the auth user (GET /api/user/{id})', async () => {
    const session = await owner.session();
    const user = await ok(owner, endpoints.accounts.getUser, { params: { id: session.user!.id } });
    // Logged-in user.
    for (const key of ['first_name', 'last_name', 'email', 'image', 'is_retired', 'subscriber_id', 'sub'])
      expect(user, key).toHaveProperty(key);
    expect(user.sub).toBe(session.user!.id);
    expect(user.user_type).toEqual([{ type: 'dealer', is_owner: true }]);
    // Auth user, with the payouts (Stripe onboarding) fields of spec 02 §6, as GET /api/payouts answers them.
    for (const key of [
      'id',
      'email',
      'access_type',
      'is_retired',
      'dealer_id',
      'stripe_onboarding_complete',
      'stripe_onboarding_url',
      'stripe_onboarding_url_expires_at',
      'stripe_login_link',
    ])
      expect(user, key).toHaveProperty(key);
    expect(user).toMatchObject(await ok(owner, endpoints.rewards.payouts));
  });

  it('the drone profile: droneProfile.droneUserId and permission groups by name', async () => {
    const profile = await ok(owner, endpoints.accounts.droneProfile);
    expect(profile).toHaveProperty('droneProfile.droneUserId');
    expect(profile.permissionGroups).toContainEqual({ name: 'Dealer Primary' });
  });
});

describe('Dealers and installers (spec 02 §3)', () => {
  it('a dealer in a list page (count, next, previous, results): dealer_id, dealer_profile, is_public_profile, contact_email', async () => {
    const list = await ok(owner, endpoints.dealers.list);
    for (const key of ['count', 'next', 'previous', 'results']) expect(list, key).toHaveProperty(key);
    const [dealer] = list.results as Json[];
    for (const key of ['dealer_id', 'dealer_profile', 'is_public_profile', 'contact_email'])
      expect(dealer, key).toHaveProperty(key);
  });

  it('an installer: id, user_id, installer_id, dealer_id, is_owner, is_retired, is_purchaser', async () => {
    const [northside] = await t.db
      .select({ id: dealers.id })
      .from(dealers)
      .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId))
      .where(eq(businessPartners.sapBpCode, 'C100234'));
    const list = await ok(owner, endpoints.dealers.listInstallers, { params: { id: northside!.id } });
    const installers = list.results as Json[];
    expect(installers.length).toBeGreaterThan(1);
    for (const installer of installers)
      for (const key of ['id', 'user_id', 'installer_id', 'dealer_id', 'is_owner', 'is_retired', 'is_purchaser'])
        expect(installer, key).toHaveProperty(key);
  });
});

describe('Vehicles and wiring (spec 01 §3)', () => {
  it('year-make-model options are name and value; a VIN answers ModelYear, Make, Model', async () => {
    const makes = (await ok(owner, endpoints.vehicles.yearMakeModel, { body: { year: 2019 } }))
      .results as VehicleOption[];
    expect(makes[0]).toMatchObject({ name: expect.any(String), value: expect.any(String) });
    const vin = await ok(owner, endpoints.vehicles.decodeVin, { body: { VIN: DEMO_VEHICLES[0]!.vin } });
    expect(Object.keys(vin).sort()).toEqual(['Make', 'Model', 'ModelYear']);
  });

  it('a vehicle with its wiring and instruction categories carries every field the spec names', async () => {
    const v = DEMO_VEHICLES[0]!;
    const makes = (await ok(owner, endpoints.vehicles.yearMakeModel, { body: { year: v.year } }))
      .results as VehicleOption[];
    const makeId = makes.find((m) => m.name === v.make)!.value;
    const models = (await ok(owner, endpoints.vehicles.yearMakeModel, { body: { year: v.year, makeId } }))
      .results as VehicleOption[];
    const modelId = models.find((m) => m.name === v.model)!.value;
    const vehicle = await ok(owner, endpoints.vehicles.vehicleInfo, { body: { year: v.year, makeId, modelId } });
    for (const key of [
      'id',
      'year',
      'description',
      'vehicle_description',
      'vehicle_documents',
      'mirrors_vehicle',
      'image',
      'created_at',
      'updated_at',
      't_harnesses',
      'wiring_categories',
      'instruction_categories',
    ])
      expect(vehicle, key).toHaveProperty(key);
    for (const side of ['make', 'model'])
      expect(vehicle[side], side).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        value: expect.any(String),
      });
    const [wiring] = vehicle.wiring_categories as Json[];
    expect(wiring).toMatchObject({ id: expect.any(String), uuid: expect.any(String), wires: expect.any(Array) });
    const [instructions] = vehicle.instruction_categories as Json[];
    expect(instructions).toMatchObject({
      id: expect.any(String),
      uuid: expect.any(String),
      instructions: expect.any(Array),
    });
    const byCategory = await ok(owner, endpoints.vehicles.wiringByCategory, {
      body: { vehicleId: vehicle.id as string, categoryId: wiring!.id as string },
    });
    expect(byCategory).toMatchObject({ id: wiring!.id, uuid: wiring!.uuid, wires: expect.any(Array) });
  });
});
