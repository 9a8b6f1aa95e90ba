import { eq, inArray } from 'drizzle-orm';
import { lastVehicleYear, type Wire } from '@portal/contracts';
import type { Db } from '../db/client.ts';
import { categories, products } from '../modules/catalog/schema.ts';
import {
  documents,
  installerGuides,
  installerGuideVehicles,
  vehicleCategories,
  vehicleExternalWiring,
  vehicleMakes,
  vehicleModels,
  vehicles,
} from '../modules/vehicles/schema.ts';
import { createRandom, slugify, type Random } from './random.ts';
import { MAKE_MODELS, type Body } from './vehicle-makes.ts';
import { DEMO_VEHICLES, type DemoCategory, type DemoVehicle, type WireLine } from './vehicle-demo.ts';
import { genericInstructions, genericTip, genericWiring } from './vehicle-templates.ts';
import { seedFoldersAndFeatures } from './vehicle-folders.ts';

type VehicleRow = typeof vehicles.$inferInsert;
type CategoryRow = typeof vehicleCategories.$inferInsert;
type Catalog = Map<string, { id: string; sku: string; name: string }[]>;

export const vehicleIdOf = (year: number, make: string, model: string) => `${year}-${slugify(make)}-${slugify(model)}`;
/** Vehicles before this year are in the cascade without data (spec 01 §8 "No data available"). */
const FIRST_YEAR_WITH_DATA = 1975;

const toWire = ([fn, color, location, polarity, notes]: WireLine): Wire => ({
  function: fn,
  color,
  location,
  polarity,
  notes: notes ?? null,
});

/** Vehicles, wiring and guides of the demo (DEMO-DATA.md), plus generated coverage of 1940 to next year. */
export async function seedVehicles(db: Db, now = new Date()) {
  const r = createRandom(1940);
  const catalog = await catalogByCategory(db);
  const lastYear = lastVehicleYear(now);
  const demoById = new Map(DEMO_VEHICLES.map((v) => [vehicleIdOf(v.year, v.make, v.model), v]));

  const makes = MAKE_MODELS.map(([name]) => ({ id: slugify(name), name }));
  const models = new Map<string, typeof vehicleModels.$inferInsert>();
  const rows: VehicleRow[] = [];
  const cats: CategoryRow[] = [];
  const docs: (typeof documents.$inferInsert)[] = [];
  const external: (typeof vehicleExternalWiring.$inferInsert)[] = [];
  const platformOf = new Map<string, string>();

  for (const [make, spans] of MAKE_MODELS) {
    for (const [model, from, to, body] of spans) {
      const modelId = `${slugify(make)}-${slugify(model)}`;
      if (!models.has(modelId)) models.set(modelId, { id: modelId, makeId: slugify(make), name: model, body });
      let platform: string | null = null;
      let generationEnd = 0;
      for (let year = from; year <= (to ?? lastYear); year++) {
        const id = vehicleIdOf(year, make, model);
        if (year > generationEnd) {
          generationEnd = year + r.int(4, 6);
          const demo = DEMO_VEHICLES.find(
            (v) => v.make === make && v.model === model && v.year >= year && v.year <= generationEnd,
          );
          platform = demo
            ? vehicleIdOf(demo.year, make, model)
            : year >= FIRST_YEAR_WITH_DATA && !r.chance(0.1)
              ? id
              : null;
        }
        const base = { id, year, makeId: slugify(make), modelId, image: `/api/vehicle-images/${body}.svg` };
        const demo = demoById.get(id);
        if (demo) rows.push({ ...base, ...demoRow(demo, catalog, r) });
        else if (platform === id) rows.push({ ...base, ...genericRow(r, catalog, year, make, model) });
        else rows.push({ ...base, mirrorsVehicleId: platform });
        if (platform) platformOf.set(id, platform);
        if (platform !== id) continue;
        const content = demo ?? { wiring: genericWiring(r, year, body), instructions: genericInstructions(year) };
        cats.push(
          ...categoryRows(id, 'wiring', content.wiring),
          ...categoryRows(id, 'instructions', content.instructions),
        );
        docs.push(wiringSheet(id, year, make, model, content.wiring));
        if (demo) demo.bulletins.forEach(([title, text], i) => docs.push(bulletin(id, i, title, text)));
        if (demo || (year >= 2005 && r.chance(0.4)))
          external.push(externalWiring(id, demo?.trims ?? trimsFor(r, body), content.wiring, catalog, r));
      }
    }
  }
  // Mirrors point at a platform that comes later in the loop only when a demo vehicle leads its generation.
  const order = (row: VehicleRow) => (row.mirrorsVehicleId ? 1 : 0);
  rows.sort((a, b) => order(a) - order(b));

  await db.insert(vehicleMakes).values(makes);
  await db.insert(vehicleModels).values([...models.values()]);
  for (let i = 0; i < rows.length; i += 1000) await db.insert(vehicles).values(rows.slice(i, i + 1000));
  for (let i = 0; i < cats.length; i += 500) await db.insert(vehicleCategories).values(cats.slice(i, i + 500));
  for (let i = 0; i < docs.length; i += 500) await db.insert(documents).values(docs.slice(i, i + 500));
  for (let i = 0; i < external.length; i += 200)
    await db.insert(vehicleExternalWiring).values(external.slice(i, i + 200));
  await seedGuides(db, platformOf);
  await seedFoldersAndFeatures(db, catalog);
  return { vehicles: rows.length };
}

async function catalogByCategory(db: Db): Promise<Catalog> {
  const rows = await db
    .select({ id: products.id, sku: products.sku, name: products.name, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      inArray(categories.name, [
        'T-Harnesses',
        'Remote Start',
        'Remote Start + Security',
        'Bypass Module',
        'Controllers',
        'Accessories',
        'RF Kit',
      ]),
    )
    .orderBy(products.sku);
  const out: Catalog = new Map();
  for (const row of rows) {
    const list = out.get(row.category);
    if (list) list.push(row);
    else out.set(row.category, [row]);
  }
  return out;
}

/** A category's products whose name has `prefer`, found once per category and word (large catalogs). */
const preferredOf = new WeakMap<object, Map<string, { sku: string; name: string }[]>>();

const skusOf = (catalog: Catalog, category: string, r: Random, n: number, prefer?: string) => {
  const all = catalog.get(category) ?? [];
  let found = preferredOf.get(all);
  if (!found) preferredOf.set(all, (found = new Map()));
  if (prefer && !found.has(prefer))
    found.set(
      prefer,
      all.filter((p) => p.name.includes(prefer)),
    );
  const preferred = prefer ? found.get(prefer)! : [];
  const pool = preferred.length >= n ? preferred : all;
  const start = r.int(0, Math.max(0, pool.length - 1));
  return Array.from({ length: Math.min(n, pool.length) }, (_, i) => pool[(start + i) % pool.length]!.sku);
};

function modulesFor(catalog: Catalog, r: Random, n: number) {
  return [
    ...skusOf(catalog, 'Remote Start', r, n),
    ...skusOf(catalog, 'Remote Start + Security', r, 1),
    ...skusOf(catalog, r.chance(0.5) ? 'Bypass Module' : 'Controllers', r, 1),
  ];
}

function demoRow(demo: DemoVehicle, catalog: Catalog, r: Random): Partial<VehicleRow> {
  const variants = demo.wiring.some((c) => c.variant);
  return {
    description: demo.tip,
    vehicleDescription: demo.description,
    tHarnessSkus: skusOf(catalog, 'T-Harnesses', r, variants ? 2 : 1, demo.make),
    productSkus: modulesFor(catalog, r, 3),
  };
}

function genericRow(r: Random, catalog: Catalog, year: number, make: string, model: string): Partial<VehicleRow> {
  return {
    description: genericTip(year, make, model),
    vehicleDescription: `${year} ${make} ${model}`,
    tHarnessSkus: year >= 2008 && r.chance(0.6) ? skusOf(catalog, 'T-Harnesses', r, 1, make) : [],
    productSkus: modulesFor(catalog, r, 2),
  };
}

function categoryRows(vehicleId: string, kind: 'wiring' | 'instructions', list: DemoCategory[]): CategoryRow[] {
  return list.map((c, position) => ({
    id: `${vehicleId}.${kind === 'wiring' ? 'w' : 'i'}-${c.key}${c.variant ? `-${c.variant}` : ''}`,
    vehicleId,
    kind,
    title: c.title,
    variant: c.variant ?? null,
    position,
    wires: (c.wires ?? []).map(toWire),
    instructions: (c.steps ?? []).map((text, i) => ({ step: i + 1, text, image: null })),
  }));
}

function wiringSheet(vehicleId: string, year: number, make: string, model: string, wiring: DemoCategory[]) {
  const lines = wiring.flatMap((c) => [
    `${c.variant === 'pts' ? 'Push-to-Start. ' : c.variant === 'sk' ? 'Std. Key. ' : ''}${c.title}`,
    ...(c.wires ?? []).map(([fn, color, location, polarity]) => `  ${fn}: ${color}, ${location} (${polarity})`),
  ]);
  return {
    id: `${vehicleId}.sheet`,
    vehicleId,
    title: `${year} ${make} ${model} wiring sheet`,
    kind: 'wiring' as const,
    body: lines.join('\n'),
  };
}

const bulletin = (vehicleId: string, i: number, title: string, body: string) => ({
  id: `${vehicleId}.bulletin-${i + 1}`,
  vehicleId,
  title,
  kind: 'bulletin' as const,
  body,
  position: i + 1,
});

const TRIMS: Record<Body, string[]> = {
  sedan: ['Base', 'S', 'SE', 'Limited'],
  coupe: ['Base', 'GT'],
  hatch: ['Base', 'Sport'],
  suv: ['Base', 'Sport', 'Limited'],
  truck: ['Work Truck', 'XLT', 'Limited'],
  van: ['Base', 'Touring'],
};
const trimsFor = (r: Random, body: Body) => TRIMS[body].slice(0, r.int(1, TRIMS[body].length));

/** 3rd-party lists (spec 01 §3): the same circuits as the provider words them, per trim. */
function externalWiring(vehicleId: string, trims: string[], wiring: DemoCategory[], catalog: Catalog, r: Random) {
  const wires = wiring
    .filter((c) => c.variant !== 'sk')
    .flatMap((c) => c.wires ?? [])
    .map(toWire);
  const controllers = catalog.get('Controllers') ?? [];
  const autoMobWiring: Record<string, Wire[]> = {};
  const adsWiring: Record<string, Wire[]> = {};
  const adsProducts: Record<string, { id: string; name: string }[]> = {};
  for (const trim of trims) {
    autoMobWiring[trim] = wires.map((w) => ({ ...w, function: w.function.toUpperCase() }));
    const key = trim.toLowerCase();
    adsWiring[key] = wires.filter(
      (w) => w.polarity === 'data' || w.function.startsWith('12V') || w.function.startsWith('Ign'),
    );
    adsProducts[key] = Array.from({ length: Math.min(2, controllers.length) }, () => r.pick(controllers)).map((p) => ({
      id: p.id,
      name: p.name,
    }));
  }
  return { vehicleId, autoMobWiring, adsWiring, adsProducts };
}

async function seedGuides(db: Db, platformOf: Map<string, string>) {
  for (const demo of DEMO_VEHICLES) {
    const platform = vehicleIdOf(demo.year, demo.make, demo.model);
    const guideId = `guide-${platform}`;
    await db.insert(documents).values({
      id: `${guideId}.doc`,
      title: demo.guide.title,
      kind: 'guide',
      body: demo.guide.steps.map((s, i) => `${i + 1}. ${s}`).join('\n'),
    });
    await db.insert(installerGuides).values({ id: guideId, ...demo.guide, documentId: `${guideId}.doc` });
    const vehicleIds = [...platformOf].filter(([, p]) => p === platform).map(([id]) => id);
    await db.insert(installerGuideVehicles).values(vehicleIds.map((vehicleId) => ({ guideId, vehicleId })));
  }
}
