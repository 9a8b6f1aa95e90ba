import { CATEGORY_NAMES, PERMISSION_GROUPS } from '@portal/contracts';
import type { Db } from '../db/client.ts';
import { brands, categories, channels } from '../modules/catalog/schema.ts';
import { permissionGroups } from '../modules/users/schema.ts';
import { slugify } from './random.ts';

/** The brands of the demo catalog (spec 01 §3: twelve or more; names are ours). */
export const BRAND_NAMES = [
  'Northwind',
  'ArcticStart',
  'DriveLink',
  'Voltline',
  'IronKey',
  'Sentinel',
  'NuView',
  'StealthCam',
  'QuietMat',
  'PulseRF',
  'HarnessWorks',
  'CoreBypass',
  'ProTools 12V',
] as const;

export const CHANNELS = [
  { slug: 'msrp', name: 'Retail (MSRP)' },
  { slug: 'dealer', name: 'Authorized Dealer' },
  { slug: 'distributor', name: 'Distributor' },
  { slug: 'national-account', name: 'National Account' },
] as const;

/** Channels, categories, brands and permission groups: what every other seed step refers to. */
export async function seedReference(db: Db) {
  await db.insert(channels).values([...CHANNELS]);
  const categoryRows = await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name, position) => ({ name, slug: slugify(name), position })))
    .returning({ id: categories.id, name: categories.name });
  const brandRows = await db
    .insert(brands)
    .values(BRAND_NAMES.map((name, position) => ({ name, slug: slugify(name), position })))
    .returning({ id: brands.id, name: brands.name });
  const groupRows = await db
    .insert(permissionGroups)
    .values(Object.values(PERMISSION_GROUPS).map((name) => ({ name })))
    .returning();
  return {
    categoryIdByName: new Map(categoryRows.map((c) => [c.name, c.id])),
    brandIdByName: new Map(brandRows.map((b) => [b.name, b.id])),
    groupIdByName: new Map(groupRows.map((g) => [g.name, g.id])),
  };
}
export type Reference = Awaited<ReturnType<typeof seedReference>>;
