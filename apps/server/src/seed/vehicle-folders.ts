import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../modules/catalog/schema.ts';
import { documents, folders, productFeatures } from '../modules/vehicles/schema.ts';
import { createRandom, slugify as slug } from './random.ts';

type Catalog = Map<string, { id: string; sku: string; name: string }[]>;

/** The folder browser's tree (spec 01 §2.6): root folders, sub-folders, documents. */
const TREE: [root: string, children: [name: string, docs: string[]][]][] = [
  [
    'Installation Guides',
    [
      ['Remote Start', ['Remote start basics', 'Push-to-start takeover procedures', 'Hood pin installation']],
      ['Security', ['Shock sensor placement', 'Siren mounting and routing']],
    ],
  ],
  [
    'Technical Bulletins',
    [
      ['Security Gateway (FCA)', ['SGW bypass on 2018+ FCA vehicles']],
      ['Data-Bus Vehicles', ['CAN tapping without T-taps', 'Virtual tach on data-bus vehicles']],
    ],
  ],
  [
    'Product Manuals',
    [
      ['Controllers', ['Controller owner manual', 'Controller programming chart']],
      ['RF Kits', ['RF kit pairing']],
    ],
  ],
  ['Firmware Release Notes', [['Bypass Firmware', ['Release 3.40', 'Release 3.52']]]],
];

export async function seedFoldersAndFeatures(db: Db, catalog: Catalog) {
  for (const [rootPosition, [root, children]] of TREE.entries()) {
    const [parent] = await db
      .insert(folders)
      .values({ slug: slug(root), name: root, position: rootPosition })
      .returning();
    for (const [position, [name, docs]] of children.entries()) {
      const [folder] = await db
        .insert(folders)
        .values({ slug: slug(`${root} ${name}`), name, parentId: parent!.id, position })
        .returning();
      await db.insert(documents).values(
        docs.map((title, i) => ({
          id: `folder.${slug(title)}`,
          folderId: folder!.id,
          title,
          kind: 'guide' as const,
          body: `${title}\n\nRead the whole document before starting. Keep the vehicle's wiring sheet at hand.`,
          position: i,
        })),
      );
    }
  }
  await seedFeatures(db, catalog);
}

/** The product features view (spec 01 §2.6) for every module a vehicle can list. */
async function seedFeatures(db: Db, catalog: Catalog) {
  const r = createRandom(12);
  const modules = ['Remote Start', 'Remote Start + Security', 'Bypass Module', 'Controllers'].flatMap((c) =>
    (catalog.get(c) ?? []).map((p) => ({ ...p, category: c })),
  );
  const accessories = [...(catalog.get('Accessories') ?? []), ...(catalog.get('RF Kit') ?? [])];
  // In slices: a large catalog has hundreds of thousands of modules, too many for one query's parameters.
  const descriptions = new Map<string, (typeof products.$inferSelect)['description']>();
  for (let i = 0; i < modules.length; i += 5000) {
    const slice = modules.slice(i, i + 5000).map((m) => m.id);
    const found = await db
      .select({ id: products.id, description: products.description })
      .from(products)
      .where(inArray(products.id, slice));
    for (const p of found) descriptions.set(p.id, p.description);
  }
  const rows = modules.map((m) => {
    const list = descriptions.get(m.id)?.find((b) => b.type === 'list');
    const isBypass = m.category === 'Bypass Module' || m.category === 'Controllers';
    return {
      productId: m.id,
      isCloning: isBypass ? r.chance(0.7) : r.chance(0.2),
      keysForInstall: r.int(1, 2),
      keysForProgramming: r.int(1, 3),
      features: list?.type === 'list' ? list.items : [],
      accessorySkus: accessories.length ? [...new Set([r.pick(accessories).sku, r.pick(accessories).sku])] : [],
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(productFeatures).values(rows.slice(i, i + 500));
}
