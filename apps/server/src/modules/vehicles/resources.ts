import { messages, type FolderDetail, type ProductFeatures, type THarness } from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import { productsByIds, productsBySkus } from '../catalog/index.ts';
import * as repo from './repo.ts';
import { documentUrl } from './service.ts';

/**
 * What the wiring slides show beside the wiring: accessories, product features, T-harnesses
 * and the folder browser. Products come from the catalog's door, so prices follow the one
 * price rule of the actor (spec 01 §6).
 */
const notFound = () => refuse.notFound(messages.notFound);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product by id or SKU, at the actor's prices; 404 when unknown. */
async function productOf(ctx: AppContext, actor: Actor, productId: string) {
  const [product] = UUID.test(productId)
    ? await productsByIds(ctx.db, actor, [productId])
    : await productsBySkus(ctx.db, actor, [productId]);
  if (!product) throw notFound();
  return product;
}

/** Accessories of one product, or of every compatible module of a vehicle (its mirror's). */
export async function accessoryProducts(
  ctx: AppContext,
  actor: Actor,
  input: { vehicleId?: string; productId?: string },
) {
  let productIds: string[];
  if (input.productId) {
    productIds = [(await productOf(ctx, actor, input.productId)).id];
  } else {
    const found = await repo.vehicleById(ctx.db, input.vehicleId!);
    if (!found) throw notFound();
    const source = found.vehicle.mirrorsVehicleId
      ? await repo.vehicleById(ctx.db, found.vehicle.mirrorsVehicleId)
      : found;
    const skus = source?.vehicle.productSkus ?? [];
    productIds = skus.length ? (await productsBySkus(ctx.db, actor, skus)).map((p) => p.id) : [];
  }
  const features = await Promise.all(productIds.map((id) => repo.featuresOfProduct(ctx.db, id)));
  const skus = [...new Set(features.flatMap((f) => f?.accessorySkus ?? []))];
  return { results: skus.length ? await productsBySkus(ctx.db, actor, skus) : [] };
}

export async function productFeatures(ctx: AppContext, actor: Actor, productId: string): Promise<ProductFeatures> {
  const product = await productOf(ctx, actor, productId);
  const features = await repo.featuresOfProduct(ctx.db, product.id);
  if (!features) throw notFound();
  const accessories = features.accessorySkus.length ? await productsBySkus(ctx.db, actor, features.accessorySkus) : [];
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    cloning: features.isCloning ? 'Yes' : 'No',
    keysForInstall: features.keysForInstall,
    keysForProgramming: features.keysForProgramming,
    features: features.features,
    accessories: accessories.map((p) => ({ sku: p.sku, name: p.name })),
  };
}

/** spec 01 §7 t-harness-by-sku: the items asked about, each with its name and the vehicles listing it. */
export async function tHarnessesBySku(
  ctx: AppContext,
  actor: Actor,
  items: { sku: string }[],
): Promise<{ results: THarness[] }> {
  const skus = [...new Set(items.map((i) => i.sku.toUpperCase()))];
  const [products, holders] = await Promise.all([
    productsBySkus(ctx.db, actor, skus),
    repo.vehiclesWithHarnesses(ctx.db, skus),
  ]);
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const results = skus.flatMap((sku) => {
    const vehicleIds = holders.filter((v) => v.skus.includes(sku)).map((v) => v.id);
    const product = bySku.get(sku);
    if (!product && !vehicleIds.length) return [];
    return [
      {
        sku,
        name: product?.name ?? sku,
        notes: null,
        vehicleIds: vehicleIds.slice(0, 20),
        inCatalog: Boolean(product),
      },
    ];
  });
  return { results };
}

export async function rootFolders(ctx: AppContext) {
  return { results: (await repo.rootFolders(ctx.db)).map(({ parentId: _, ...f }) => f) };
}

export async function folderBySlug(ctx: AppContext, slug: string): Promise<FolderDetail> {
  const folder = await repo.folderBySlug(ctx.db, slug);
  if (!folder) throw notFound();
  const path = [folder];
  for (let parentId = folder.parentId; parentId && path.length < 10;) {
    const parent = await repo.folderById(ctx.db, parentId);
    if (!parent) break;
    path.unshift(parent);
    parentId = parent.parentId;
  }
  const [children, docs] = await Promise.all([
    repo.childFolders(ctx.db, folder.id),
    repo.documentsOfFolder(ctx.db, folder.id),
  ]);
  const { parentId: _, ...self } = folder;
  return {
    ...self,
    path: path.map((f) => ({ slug: f.slug, name: f.name })),
    folders: children.map(({ parentId: __, ...f }) => f),
    documents: docs.map((d) => ({ ...d, url: documentUrl(d.id), updatedAt: d.updatedAt.toISOString() })),
  };
}
