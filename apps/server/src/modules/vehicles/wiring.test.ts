import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  endpoints,
  messages,
  type Endpoint,
  type ExternalWiring,
  type FolderDetail,
  type InstructionCategory,
  type InternalWiring,
  type ProductFeatures,
  type ProductSummary,
  type THarness,
  type VehicleInfo,
} from '@portal/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { testClient, unchecked, type EndpointInput } from '../../../test/client.ts';
import { productFeatures } from './schema.ts';
import { products } from '../catalog/schema.ts';

let t: TestContext;
let client: ReturnType<typeof testClient>;
let camry: VehicleInfo;
const camryKey = { year: 2019, makeId: 'toyota', modelId: 'toyota-camry' };
beforeAll(async () => {
  t = await createTestApp();
  client = testClient(t.app);
  await client.signIn('installer@demo.test');
  camry = (await client.call(endpoints.vehicles.vehicleInfo, { body: camryKey })).json() as VehicleInfo;
});
afterAll(() => t.close());

const expect404 = async <E extends Endpoint>(endpoint: E, input: EndpointInput<E>) => {
  const res = await client.call(endpoint, input);
  expect(res.statusCode, endpoint.path).toBe(404);
  expect(res.json<unknown>()).toEqual({ detail: messages.notFound });
};
/** `body` breaks the endpoint's schema on purpose. */
const expect400 = async (endpoint: Endpoint, body: unknown) => {
  const res = await client.call(endpoint, { body: unchecked(body) });
  expect(res.statusCode, `${endpoint.path} ${JSON.stringify(body)}`).toBe(400);
  expect(res.json<unknown>()).toHaveProperty('validation');
};

describe('internal and external wiring', () => {
  it('answers the wiring categories of a vehicle, variants included', async () => {
    const res = await client.call(endpoints.vehicles.internalWiring, { body: camryKey });
    expect(res.statusCode).toBe(200);
    const body = res.json() as InternalWiring;
    expect(body.vehicleId).toBe('2019-toyota-camry');
    expect(body.results.map((c) => c.title)).toContain('Push-to-Start. Ignition Harness');
    const wire = body.results.flatMap((c) => c.wires).find((w) => w.function === 'CAN High')!;
    expect(wire).toEqual({
      function: 'CAN High',
      color: 'Tan/Yellow',
      location: 'OBD-II connector, pin 6',
      polarity: 'data',
      notes: expect.any(String),
    });
  });

  it('answers third-party lists: autoMobWiring by Trim, adsWiring by trim, ads products by trim', async () => {
    const body = (await client.call(endpoints.vehicles.externalWiring, { body: camryKey })).json() as ExternalWiring;
    expect(Object.keys(body.autoMobWiring)).toEqual(['L', 'LE', 'SE', 'XLE', 'XSE']);
    expect(Object.keys(body.adsWiring)).toEqual(['l', 'le', 'se', 'xle', 'xse']);
    expect(body.adsProducts.le![0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(body.autoMobWiring.LE!.length).toBeGreaterThan(5);
  });

  it('refuses unknown vehicles and bad keys', async () => {
    for (const endpoint of [endpoints.vehicles.internalWiring, endpoints.vehicles.externalWiring]) {
      await expect404(endpoint, { body: { ...camryKey, modelId: 'toyota-nope' } });
      await expect400(endpoint, { year: 2019 });
    }
  });
});

describe('wiring and instructions by category', () => {
  it('answers one category of each kind, variants by their synthetic ids', async () => {
    const sk = camry.wiring_categories.find((c) => c.variant === 'sk')!;
    const res = await client.call(endpoints.vehicles.wiringByCategory, {
      body: { vehicleId: camry.id, categoryId: sk.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sk);
    const steps = camry.instruction_categories[0]!;
    const ins = await client.call(endpoints.vehicles.instructionsByCategory, {
      body: {
        vehicleId: camry.id,
        categoryId: steps.id,
      },
    });
    expect((ins.json() as InstructionCategory).instructions[0]).toMatchObject({ step: 1, text: expect.any(String) });
  });

  it('reads a mirroring vehicle’s categories from the vehicle it mirrors', async () => {
    const res = await client.call(endpoints.vehicles.wiringByCategory, {
      body: {
        vehicleId: '2021-toyota-camry',
        categoryId: camry.wiring_categories[0]!.id,
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for an unknown vehicle, category, or a category of the other kind', async () => {
    const wiringId = camry.wiring_categories[0]!.id;
    await expect404(endpoints.vehicles.wiringByCategory, { body: { vehicleId: 'nope', categoryId: wiringId } });
    await expect404(endpoints.vehicles.wiringByCategory, { body: { vehicleId: camry.id, categoryId: 'nope' } });
    await expect404(endpoints.vehicles.instructionsByCategory, { body: { vehicleId: camry.id, categoryId: wiringId } });
    await expect404(endpoints.vehicles.wiringByCategory, {
      body: { vehicleId: '2018-honda-civic', categoryId: wiringId },
    });
    await expect400(endpoints.vehicles.wiringByCategory, { vehicleId: camry.id });
    await expect400(endpoints.vehicles.instructionsByCategory, { categoryId: wiringId, vehicleId: 7 });
  });
});

describe('modules, accessories, features and T-harnesses', () => {
  it('finds every compatible module and harness of the demo vehicles in the catalog', async () => {
    const skus = [...camry.productSkus, ...camry.t_harnesses.map((h) => h.sku)];
    const res = await client.call(endpoints.catalog.productsBySkus, { body: { skus } });
    expect((res.json() as { results: ProductSummary[] }).results.map((p) => p.sku)).toEqual(skus);
    expect(camry.t_harnesses[0]!.name).not.toBe(camry.t_harnesses[0]!.sku);
  });

  it('answers accessories of a vehicle or a product at the session’s prices', async () => {
    const byVehicle = await client.call(endpoints.vehicles.accessoryProducts, {
      body: {
        vehicleId: camry.id,
        sapBpCode: 'C100234',
      },
    });
    expect(byVehicle.statusCode).toBe(200);
    expect(byVehicle.headers['cache-control']).toBe('no-store');
    const list = (byVehicle.json() as { results: ProductSummary[] }).results;
    expect(list.length).toBeGreaterThan(0);
    const [withFeatures] = await t.db
      .select({ id: products.id, accessories: productFeatures.accessorySkus })
      .from(productFeatures)
      .innerJoin(products, eq(products.id, productFeatures.productId))
      .limit(1);
    const byProduct = await client.call(endpoints.vehicles.accessoryProducts, {
      body: {
        productId: withFeatures!.id,
      },
    });
    expect((byProduct.json() as { results: ProductSummary[] }).results.map((p) => p.sku).sort()).toEqual(
      [...withFeatures!.accessories].sort(),
    );
    // The same call for a sales rep shows the discounted price rule of spec 01 §6.
    const rep = testClient(t.app);
    await rep.signIn('insiderep@demo.test');
    const repList = (
      (await rep.call(endpoints.vehicles.accessoryProducts, { body: { vehicleId: camry.id } })).json() as {
        results: ProductSummary[];
      }
    ).results;
    expect(repList.every((p) => p.price.kind === 'discounted')).toBe(true);
  });

  it('refuses an accessory call without vehicle or product, and unknown ones', async () => {
    await expect400(endpoints.vehicles.accessoryProducts, { sapBpCode: 'C100234' });
    await expect404(endpoints.vehicles.accessoryProducts, { body: { vehicleId: 'nope' } });
    await expect404(endpoints.vehicles.accessoryProducts, {
      body: { productId: '00000000-0000-4000-8000-000000000000' },
    });
  });

  it('answers the product features view by product id or SKU', async () => {
    const sku = camry.productSkus[0]!;
    const res = await client.call(endpoints.vehicles.productFeatures, { body: { productId: sku.toLowerCase() } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductFeatures;
    expect(body).toMatchObject({ sku, cloning: expect.stringMatching(/^(Yes|No)$/) });
    expect(body.keysForInstall).toBeGreaterThan(0);
    expect(body.features.length).toBeGreaterThan(0);
    const byId = await client.call(endpoints.vehicles.productFeatures, { body: { productId: body.productId } });
    expect(byId.json()).toEqual(body);
    await expect404(endpoints.vehicles.productFeatures, { body: { productId: 'NW-RS-X0000' } });
    await expect400(endpoints.vehicles.productFeatures, {});
  });

  it('answers T-harnesses by SKU with the vehicles listing them, leaving unknown SKUs out', async () => {
    const sku = camry.t_harnesses[0]!.sku;
    const res = await client.call(endpoints.vehicles.tHarnessesBySku, {
      body: {
        items: [{ sku: sku.toLowerCase(), qty: 1 }, { sku: 'NW-TH-X0000' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const [harness, ...rest] = (res.json() as { results: THarness[] }).results;
    expect(rest).toEqual([]);
    expect(harness).toMatchObject({ sku, inCatalog: true });
    expect(harness!.vehicleIds).toContain('2019-toyota-camry');
    await expect400(endpoints.vehicles.tHarnessesBySku, { items: [] });
    await expect400(endpoints.vehicles.tHarnessesBySku, { skus: [sku] });
  });
});

describe('guides, folders and documents', () => {
  it('answers the guides of vehicles; unknown vehicles only are 404', async () => {
    const res = await client.call(endpoints.vehicles.guides, {
      body: {
        vehicleIds: ['2019-toyota-camry', '2018-honda-civic', 'nope'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { results: { title: string }[] }).results.map((g) => g.title)).toHaveLength(2);
    await expect404(endpoints.vehicles.guides, { body: { vehicleIds: ['nope'] } });
    await expect400(endpoints.vehicles.guides, { vehicleIds: [] });
  });

  it('lists root folders and opens one by slug with its path, sub-folders and documents', async () => {
    const roots = (await client.call(endpoints.vehicles.rootFolders)).json() as {
      results: { slug: string; folderCount: number }[];
    };
    expect(roots.results.map((f) => f.slug)).toContain('installation-guides');
    const root = (
      await client.call(endpoints.vehicles.folder, { params: { slug: 'installation-guides' } })
    ).json() as FolderDetail;
    expect(root.folders.length).toBe(roots.results.find((f) => f.slug === 'installation-guides')!.folderCount);
    const child = (
      await client.call(endpoints.vehicles.folder, { params: { slug: root.folders[0]!.slug } })
    ).json() as FolderDetail;
    expect(child.path.map((p) => p.slug)).toEqual(['installation-guides', root.folders[0]!.slug]);
    expect(child.documents.length).toBeGreaterThan(0);
    const doc = await client.call('GET', child.documents[0]!.url);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toMatch(/text\/html/);
    await expect404(endpoints.vehicles.folder, { params: { slug: 'no-such-folder' } });
    expect((await client.call(endpoints.vehicles.folder, { params: { slug: 'Bad Slug' } })).statusCode).toBe(400);
    await expect404(endpoints.vehicles.document, { params: { id: 'nope' } });
  });

  it('serves vehicle documents and pictures', async () => {
    const sheet = await client.call('GET', camry.vehicle_documents[0]!.url);
    expect(sheet.body).toContain('Push-to-Start. Ignition Harness');
    const image = await client.call('GET', camry.image!);
    expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});
