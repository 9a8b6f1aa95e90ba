import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productPrices, products, searchWords, type DescriptionBlock } from '../modules/catalog/schema.ts';
import { refreshSearchWords } from '../modules/catalog/repo/index.ts';
import { CHANNELS, type Reference } from './reference.ts';
import { createRandom, slugify, type Random } from './random.ts';

/** Two-letter SKU prefixes of the demo brands. */
const BRAND_CODES: Record<string, string> = {
  Northwind: 'NW',
  ArcticStart: 'AS',
  DriveLink: 'DL',
  Voltline: 'VL',
  IronKey: 'IK',
  Sentinel: 'SN',
  NuView: 'NV',
  StealthCam: 'SC',
  QuietMat: 'QM',
  PulseRF: 'PR',
  HarnessWorks: 'HW',
  CoreBypass: 'CB',
  'ProTools 12V': 'PT',
};

const MAKES = [
  'Toyota',
  'Honda',
  'Ford',
  'Chevrolet',
  'GMC',
  'Ram',
  'Jeep',
  'Nissan',
  'Hyundai',
  'Kia',
  'Subaru',
  'Mazda',
  'Volkswagen',
  'Dodge',
  'Chrysler',
  'Lexus',
  'Acura',
  'Buick',
  'Cadillac',
  'Lincoln',
];

interface CategoryPlan {
  code: string;
  /** [low, high] msrp in dollars. */
  price: [number, number];
  caseQty: number[];
  names: (r: Random, model: string) => string;
  features: string[];
  box: string[];
}

const pick2 = (r: Random, items: string[]) => {
  const a = r.pick(items);
  let b = r.pick(items);
  while (b === a && items.length > 1) b = r.pick(items);
  return [a, b];
};

/** Per category: how its products are named, priced, packed and described. */
const PLANS: Record<string, CategoryPlan> = {
  'Remote Start': {
    code: 'RS',
    price: [149, 649],
    caseQty: [1, 4],
    names: (r, m) =>
      `${m} ${r.pick(['1-Way', '2-Way', '2-Way LCD', '2-Way OLED'])} Remote Start System, ${r.pick(['1,500', '3,000', '1 mile', '2 mile'])} ft Range`.replace(
        'mile ft',
        'mile',
      ),
    features: [
      'Starts the engine from up to the stated range',
      'Works with push-to-start and standard-key vehicles',
      'Smartphone control with an optional telematics module',
      'Runtime selectable from 3 to 45 minutes',
      'Turbo timer and cold-start modes',
    ],
    box: ['Control module', 'Main harness', 'Remote(s) with batteries', 'Antenna and cable', 'Installation guide'],
  },
  'Remote Start + Security': {
    code: 'RSS',
    price: [249, 899],
    caseQty: [1, 2],
    names: (r, m) => `${m} ${r.pick(['2-Way LCD', '2-Way OLED', '2-Way Touchscreen'])} Remote Start & Security System`,
    features: [
      'Remote start and full vehicle security in one module',
      'Dual-zone shock sensor included',
      'Six-tone siren with chirp control',
      'Passive or active arming',
      'Valet mode',
    ],
    box: ['Control module', 'Shock sensor', 'Six-tone siren', 'Two remotes', 'Antenna and cable', 'Hood pin switch'],
  },
  Controllers: {
    code: 'CT',
    price: [99, 329],
    caseQty: [1, 5],
    names: (r, m) =>
      `${m} All-in-One ${r.pick(['Digital', 'Data-Bus', 'Hybrid'])} Controller with ${r.pick(['Built-in Bypass', 'CAN Interface', 'Door-Lock Control'])}`,
    features: [
      'Flash-programmable firmware',
      'CAN and data-bus support',
      'Built-in immobilizer bypass on supported vehicles',
      'Five programmable auxiliary outputs',
    ],
    box: ['Controller', 'Main and secondary harnesses', 'LED and valet switch', 'Quick reference card'],
  },
  'Bypass Module': {
    code: 'BP',
    price: [59, 189],
    caseQty: [1, 10],
    names: (r, m) => `${m} Universal ${r.pick(['Immobilizer', 'Transponder', 'Smart-Key'])} Bypass Module`,
    features: [
      'Keeps the factory immobilizer intact',
      'Programs in minutes with the flash tool',
      'Supports push-to-start vehicles',
      'Tachless operation on most models',
    ],
    box: ['Bypass module', 'Universal harness', 'Programming instructions'],
  },
  'Back-up Camera': {
    code: 'BC',
    price: [49, 249],
    caseQty: [1, 5, 10],
    names: (r, m) =>
      `${m} ${r.pick(['Lip-Mount', 'License-Plate', 'Flush-Mount', 'Tailgate-Handle'])} Back-up Camera, ${r.pick(['140', '170', '180'])}° View`,
    features: [
      'IP68 waterproof housing',
      'Low-light sensor for night reversing',
      'Switchable parking guidelines',
      'Works with most aftermarket and factory screens',
    ],
    box: ['Camera', '20 ft video cable', 'Power lead', 'Mounting hardware'],
  },
  'Dash Cameras': {
    code: 'DC',
    price: [99, 449],
    caseQty: [1, 4],
    names: (r, m) =>
      `${m} ${r.pick(['1080p', '2K', '4K'])} ${r.pick(['Front', 'Front + Rear', 'Front + Cabin'])} Dash Camera`,
    features: [
      'Parking mode with a hardwire kit',
      'Loop recording and impact lock',
      'Wi-Fi app for clip download',
      'Supercapacitor for hot and cold climates',
    ],
    box: ['Dash camera', 'Adhesive mount', 'Hardwire kit', '32 GB card'],
  },
  'Installer Tools': {
    code: 'TL',
    price: [9, 189],
    caseQty: [1, 6, 12],
    names: (r) =>
      r.pick([
        'Automatic Wire Stripper',
        'Digital Multimeter with Backlight',
        'Trim Panel Removal Kit, 12 pcs',
        'Butane Soldering Iron',
        'Heat Gun, Dual Temperature',
        'Fish Tape, 15 ft',
        'Logic Probe, 12/24 V',
        'Crimping Tool for Insulated Terminals',
        'Cordless Soldering Iron',
        'Panel Clip Plier',
      ]),
    features: ['Built for daily use in the bay', 'Ergonomic grip', 'One-year tool warranty'],
    box: ['Tool', 'Storage pouch'],
  },
  Security: {
    code: 'SC',
    price: [19, 149],
    caseQty: [1, 10, 20],
    names: (r, m) =>
      `${m} ${r.pick(['Dual-Zone Shock Sensor', 'Glass-Break Sensor', 'Tilt and Motion Sensor', 'Six-Tone Siren', 'Battery-Backup Siren', 'Proximity Radar Sensor'])}`,
    features: ['Adjustable sensitivity', 'Plugs into the security port of our controllers', 'Low current draw'],
    box: ['Sensor or siren', 'Harness', 'Mounting hardware'],
  },
  'Sound Deadening': {
    code: 'SD',
    price: [29, 199],
    caseQty: [1, 4, 8],
    names: (r) =>
      `QuietMat ${r.pick(['Pro 80 mil', 'Lite 50 mil', 'Door Kit', 'Trunk Kit', 'Bulk Pack'])} Sound Deadening, ${r.pick(['10', '18', '36', '50'])} sq ft`,
    features: [
      'Butyl with aluminum constraining layer',
      'Cuts road noise and panel resonance',
      'Heat resistant to 300 °F',
    ],
    box: ['Sheets', 'Roller'],
  },
  'Radio Interface': {
    code: 'RI',
    price: [39, 229],
    caseQty: [1, 10],
    names: (r, m) => `${m} Steering Wheel Control Interface for ${r.pick(MAKES)}`,
    features: [
      'Keeps steering wheel audio controls',
      'Retains factory chimes and warnings',
      'Vehicle-specific harness',
    ],
    box: ['Interface module', 'Vehicle harness', 'Radio harness'],
  },
  'Replacement Parts': {
    code: 'RP',
    price: [12, 179],
    caseQty: [1, 5, 10, 25],
    names: (r, m) =>
      `${m} Replacement ${r.pick(['2-Way LCD Remote', '1-Way Remote', 'Antenna Module', 'Main Harness', 'Remote Case', 'Valet Switch', 'Status LED'])}`,
    features: ['Original part', 'Matches the system it replaces'],
    box: ['Replacement part'],
  },
  'RF Kit': {
    code: 'RF',
    price: [69, 299],
    caseQty: [1, 5],
    names: (r, m) =>
      `${m} ${r.pick(['1-Way', '2-Way LCD', '2-Way OLED', 'LTE'])} RF Kit, ${r.pick(['1,500 ft', '3,000 ft', '1 mile', '2 miles'])}`,
    features: [
      'Adds or upgrades remotes on our controllers',
      'Rechargeable remotes on 2-way kits',
      'Programs to the controller in seconds',
    ],
    box: ['Antenna module', 'Remote(s)', 'Antenna cable'],
  },
  'T-Harnesses': {
    code: 'TH',
    price: [19, 129],
    caseQty: [1, 5, 10],
    names: (r, m) => {
      const make = r.pick(MAKES);
      const from = r.int(2008, 2022);
      return `${m} T-Harness for ${make} ${from}–${from + r.int(2, 5)}, ${r.pick(['Push-to-Start', 'Standard Key'])}`;
    },
    features: [
      'Plug-and-play: no cutting of factory wires',
      'Cuts install time to under an hour',
      'Labelled connectors',
    ],
    box: ['T-harness'],
  },
  Accessories: {
    code: 'AC',
    price: [4, 89],
    caseQty: [1, 10, 25, 50],
    names: (r, m) =>
      `${m} ${r.pick(['Hood Pin Switch', 'Door Lock Actuator', 'Relay Pack, 5 pcs', 'Window Warning Decals', 'Trunk Release Relay', 'Remote Start Window Sticker', 'Starter-Kill Relay', 'Diode Pack, 25 pcs'])}`,
    features: ['Fits our systems and most others', 'Packed for the bay'],
    box: ['Accessory'],
  },
};

/** How much each channel pays, as a share of msrp (msrp channel: list price). */
const CHANNEL_SHARE: Record<string, [number, number]> = {
  msrp: [1, 1],
  dealer: [0.55, 0.65],
  distributor: [0.48, 0.55],
  'national-account': [0.52, 0.6],
};

export interface ProductSeed {
  row: typeof products.$inferInsert;
  prices: { channelSlug: string; discountedCents: number }[];
}

/** `count` products across every category and brand, the same on every machine. */
export function generateProducts(ref: Reference, count: number, seed = 2026): ProductSeed[] {
  const r = createRandom(seed);
  const categories = [...ref.categoryIdByName.keys()];
  const brands = [...ref.brandIdByName.keys()];
  const out: ProductSeed[] = [];
  const skus = new Set<string>();
  for (let i = 0; out.length < count; i++) {
    const category = categories[i % categories.length]!;
    const plan = PLANS[category]!;
    const brand =
      category === 'Sound Deadening' ? 'QuietMat' : brands[(i * 7 + r.int(0, brands.length - 1)) % brands.length]!;
    const modelNo = `${r.pick(['X', 'S', 'G', 'R', 'T', 'M', 'P'])}${r.int(100, 9999)}`;
    const sku = `${BRAND_CODES[brand]}-${plan.code}-${modelNo}`;
    if (skus.has(sku)) continue;
    skus.add(sku);
    const model = `${brand} ${modelNo}`;
    const msrpCents = r.chance(0.04) ? null : r.int(plan.price[0], plan.price[1]) * 100 + 99 - 100;
    const listCents = msrpCents ?? r.int(plan.price[0], plan.price[1]) * 100;
    const [f1, f2] = pick2(r, plan.features);
    const description: DescriptionBlock[] = [
      {
        type: 'paragraph',
        text: `${plan.names(createRandom(i), model).replace(model, `The ${model}`)} — built for professional installers and backed by our technical support line.`,
      },
      { type: 'heading', text: 'Features' },
      { type: 'list', items: [f1!, f2!, ...plan.features.filter((f) => f !== f1 && f !== f2).slice(0, 2)] },
      { type: 'heading', text: 'In the box' },
      { type: 'list', items: plan.box },
    ];
    out.push({
      row: {
        sku,
        name: plan.names(createRandom(i), model),
        description,
        brandId: ref.brandIdByName.get(brand)!,
        categoryId: ref.categoryIdByName.get(category)!,
        images: Array.from({ length: r.int(2, 4) }, (_, n) => `/api/product-images/${sku}/${n + 1}.svg`),
        relatedSkus: [],
        metadata: [
          { key: 'manufacture_case_qty', value: String(r.pick(plan.caseQty)) },
          { key: 'warranty', value: r.pick(['1 year', '2 years', 'Limited lifetime']) },
          { key: 'category_slug', value: slugify(category) },
        ],
        caseQty: 1,
        msrpCents,
        isAvailable: r.chance(0.92),
        isAvailableForPurchase: r.chance(0.95),
        popularity: Math.floor(1000 * r.next() ** 4),
      },
      prices: CHANNELS.map((c) => {
        const [lo, hi] = CHANNEL_SHARE[c.slug]!;
        // Channel prices end in 0 or 5 cents; the msrp channel pays the list price itself.
        const cents = c.slug === 'msrp' ? listCents : Math.round((listCents * (lo + (hi - lo) * r.next())) / 5) * 5;
        return { channelSlug: c.slug, discountedCents: cents };
      }),
    });
  }
  // Related products: the same brand, other categories (a remote start suggests its bypass and harness).
  // The candidates depend only on (brand, category): built once per pair, which keeps 1M products linear.
  const byBrand = new Map<string, ProductSeed[]>();
  for (const p of out) {
    const list = byBrand.get(p.row.brandId);
    if (list) list.push(p);
    else byBrand.set(p.row.brandId, [p]);
  }
  const others = new Map<string, ProductSeed[]>();
  for (const p of out) {
    const pair = `${p.row.brandId}/${p.row.categoryId}`;
    let same = others.get(pair);
    if (!same) {
      same = byBrand.get(p.row.brandId)!.filter((q) => q.row.categoryId !== p.row.categoryId);
      others.set(pair, same);
    }
    p.row.relatedSkus = Array.from({ length: Math.min(3, same.length) }, () => r.pick(same).row.sku).filter(
      (sku, i, all) => all.indexOf(sku) === i,
    );
    p.row.caseQty = Number(p.row.metadata.find((m) => m.key === 'manufacture_case_qty')!.value);
  }
  return out;
}

/** Above this many products the secondary indexes are dropped during the load and built after it. */
const REINDEX_ABOVE = 20_000;
const BATCH = 5000;

/**
 * Inserts a generated catalog (a 1M-product catalog included). Each batch is one statement of one
 * JSON parameter (no bind-parameter limit, one round trip, the same on PGlite and PostgreSQL); for a
 * large catalog the secondary indexes (GIN above all) are built once at the end instead of row by row.
 */
export async function seedProducts(db: Db, ref: Reference, count: number, progress?: (line: string) => void) {
  // How long a large catalog takes to load and to index (the search bench prints both).
  let phaseStarted = performance.now();
  const phase = (what: string) => {
    const now = performance.now();
    progress?.(`      ${what} in ${((now - phaseStarted) / 1000).toFixed(1)} s`);
    phaseStarted = now;
  };
  const seeds = generateProducts(ref, count);
  phase('catalog generated');
  const dropped = seeds.length > REINDEX_ABOVE ? await dropSecondaryIndexes(db) : [];
  for (let i = 0; i < seeds.length; i += BATCH) {
    const slice = seeds.slice(i, i + BATCH).map((s) => ({ ...s, id: randomUUID() }));
    const rows = slice.map(({ id, row }) => ({
      id,
      sku: row.sku,
      name: row.name,
      description: row.description,
      brand_id: row.brandId,
      category_id: row.categoryId,
      images: row.images,
      related_skus: row.relatedSkus ?? [],
      metadata: row.metadata,
      case_qty: row.caseQty ?? 1,
      msrp_cents: row.msrpCents ?? null,
      is_available: row.isAvailable ?? true,
      is_available_for_purchase: row.isAvailableForPurchase ?? true,
      popularity: row.popularity ?? 0,
    }));
    await db.execute(sql`
      insert into ${products} (id, sku, name, description, brand_id, category_id, images, related_skus, metadata,
        case_qty, msrp_cents, is_available, is_available_for_purchase, popularity)
      select id, sku, name, description, brand_id, category_id, images, related_skus, metadata,
        case_qty, msrp_cents, is_available, is_available_for_purchase, popularity
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, sku text, name text, description jsonb,
        brand_id uuid, category_id uuid, images jsonb, related_skus text[], metadata jsonb, case_qty int,
        msrp_cents int, is_available boolean, is_available_for_purchase boolean, popularity int)`);
    const prices = slice.flatMap(({ id, prices }) =>
      prices.map((p) => ({ product_id: id, channel_slug: p.channelSlug, discounted_cents: p.discountedCents })),
    );
    await db.execute(sql`
      insert into ${productPrices} (product_id, channel_slug, discounted_cents)
      select product_id, channel_slug, discounted_cents
      from jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) as x(product_id uuid, channel_slug text, discounted_cents int)`);
  }
  phase('rows loaded');
  for (const definition of dropped) await db.execute(sql.raw(definition));
  phase(`${dropped.length} indexes built`);
  // The trigger on products added every word already; the rebuild also drops words of a former catalog.
  await refreshSearchWords(db);
  await db.execute(sql`analyze ${products}`);
  await db.execute(sql`analyze ${productPrices}`);
  await db.execute(sql`analyze ${searchWords}`);
  phase('dictionary rebuilt and analysed');
  return seeds.length;
}

/**
 * Drops the indexes of the catalog tables that back no constraint and returns the statements that
 * build them again, read from the database itself: always the migrations' own definitions.
 */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ('products', 'product_prices')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const { indexname } of result.rows) await db.execute(sql.raw(`drop index "${indexname}"`));
  return result.rows.map((row) => row.indexdef);
}
