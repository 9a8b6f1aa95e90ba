import {
  messages,
  variantTitle,
  type InstructionCategory,
  type VehicleInfo,
  type VehicleKey,
  type VehicleOption,
  type WiringCategory,
} from '@portal/contracts';
import type { AppContext } from '../../context.ts';
import { refuse } from '../../refusal.ts';
import { VinDecoderUnavailableError, type VinDecode } from '../../adapters/vin/index.ts';
import type { Actor } from '../../actor.ts';
import { productsBySkus } from '../catalog/index.ts';
import * as repo from './repo.ts';
import { cachedVehicleAnswer } from './cache.ts';
import { matchMake, matchModel } from './vin-names.ts';

type CategoryRow = repo.CategoryRow;
const notFound = () => refuse.notFound(messages.notFound);
export const documentUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}`;
const toOption = (row: { id: string; name: string }): VehicleOption => ({ name: row.name, value: row.id, id: row.id });

/** spec 01 §7 year-make-model: year gives makes; year and make give models. */
export const yearMakeModel = (ctx: AppContext, input: { year: number; makeId?: string }) =>
  cachedVehicleAnswer(ctx, 'year-make-model', `${input.year}\n${input.makeId ?? ''}`, () =>
    readYearMakeModel(ctx, input),
  );

async function readYearMakeModel(ctx: AppContext, input: { year: number; makeId?: string }) {
  const rows = input.makeId
    ? await repo.modelsOfYearAndMake(ctx.db, input.year, input.makeId)
    : await repo.makesOfYear(ctx.db, input.year);
  // An unknown make (or a make not sold that year) is an unknown id, not an empty list.
  if (input.makeId && !rows.length) throw notFound();
  return { results: rows.map(toOption) };
}

/**
 * spec 01 §5, §8: a VIN answers vPIC's ModelYear, Make and Model, named as the cascade names them
 * (the web matches them by case-insensitive name); a VIN vPIC cannot decode, or whose vehicle the
 * cascade lacks, answers vinNotFound; an unavailable decoder vinUnavailable.
 */
export async function decodeVin(ctx: AppContext, vin: string) {
  let decoded: VinDecode | null;
  try {
    decoded = await ctx.vinDecoder.decode(vin);
  } catch (error) {
    if (error instanceof VinDecoderUnavailableError) throw refuse.unavailable(messages.vinUnavailable);
    throw error;
  }
  const answer = decoded && (await inCascade(ctx, decoded));
  if (!answer) throw refuse.notFound(messages.vinNotFound);
  return answer;
}

/** The cascade's year, make and model of a decoded VIN, or null when the cascade lacks it. */
async function inCascade(ctx: AppContext, decoded: VinDecode): Promise<VinDecode | null> {
  const year = Number(decoded.ModelYear);
  if (!Number.isInteger(year)) return null;
  const make = matchMake(await repo.makesOfYear(ctx.db, year), decoded.Make);
  if (!make) return null;
  const model = matchModel(make.name, await repo.modelsOfYearAndMake(ctx.db, year, make.id), decoded.Model);
  return model ? { ModelYear: String(year), Make: make.name, Model: model.name } : null;
}

/** The vehicle a key names, and the one holding its data (itself, or the vehicle it mirrors). */
async function resolve(ctx: AppContext, key: { year: number; makeId: string; modelId: string }) {
  const found = await repo.vehicleByKey(ctx.db, key.year, key.makeId, key.modelId);
  if (!found) throw notFound();
  const mirrorId = found.vehicle.mirrorsVehicleId;
  const source = mirrorId ? ((await repo.vehicleById(ctx.db, mirrorId)) ?? found) : found;
  return { found, source };
}

async function resolveById(ctx: AppContext, vehicleId: string) {
  const found = await repo.vehicleById(ctx.db, vehicleId);
  if (!found) throw notFound();
  return found.vehicle.mirrorsVehicleId ?? found.vehicle.id;
}

const categoryBase = (row: CategoryRow) => ({
  id: row.id,
  uuid: row.uuid,
  title: variantTitle(row.title, row.variant ?? null),
  variant: row.variant ?? null,
});
const toWiring = (row: CategoryRow): WiringCategory => ({ ...categoryBase(row), wires: row.wires });
const toInstructions = (row: CategoryRow): InstructionCategory => ({
  ...categoryBase(row),
  instructions: row.instructions,
});
const nameOf = (v: repo.VehicleRecord) => `${v.vehicle.year} ${v.makeName} ${v.modelName}`;

type Key = { year: number; makeId: string; modelId: string };
const keyOf = (key: Key) => `${key.year}\n${key.makeId}\n${key.modelId}`;

/**
 * The vehicle slide in one round trip (spec 01 §4: vehicle, products, wiring, harnesses, documents).
 * The vehicle's sheet is shared by every session until the vehicle data changes, the harness names
 * until the catalog does (cache.ts): an answer asked before reads nothing.
 */
export async function vehicleInfo(
  ctx: AppContext,
  actor: Actor,
  key: VehicleKey & { year: number },
): Promise<VehicleInfo> {
  const sheet = await cachedVehicleAnswer(ctx, 'info', keyOf(key), () => vehicleSheet(ctx, key));
  const skus = sheet.tHarnessSkus;
  const harnessNames = await harnessNamesOf(ctx, actor, skus);
  return { ...sheet.info, t_harnesses: skus.map((sku) => ({ sku, name: harnessNames.get(sku) ?? sku, notes: null })) };
}

/** Everything of the vehicle slide but the harness names, which are the catalog's. */
async function vehicleSheet(ctx: AppContext, key: Key) {
  const { found, source } = await resolve(ctx, key);
  const sourceId = source.vehicle.id;
  const [categories, docs, hasExternal, guides] = await Promise.all([
    repo.categoriesOf(ctx.db, sourceId),
    repo.documentsOfVehicle(ctx.db, sourceId),
    repo.hasExternalWiring(ctx.db, sourceId),
    repo.guidesOfVehicles(ctx.db, [found.vehicle.id]),
  ]);
  const wiring = categories.filter((c) => c.kind === 'wiring');
  const { vehicle } = found;
  const info: Omit<VehicleInfo, 't_harnesses'> = {
    id: vehicle.id,
    year: vehicle.year,
    make: { id: vehicle.makeId, name: found.makeName, value: vehicle.makeId },
    model: { id: vehicle.modelId, name: found.modelName, value: vehicle.modelId },
    description: source.vehicle.description,
    vehicle_description: found.vehicle.vehicleDescription ?? (source === found ? null : nameOf(found)),
    vehicle_documents: docs.map((d) => ({ ...d, url: documentUrl(d.id) })),
    mirrors_vehicle: source === found ? null : { id: sourceId, name: nameOf(source) },
    image: vehicle.image,
    created_at: vehicle.createdAt.toISOString(),
    updated_at: vehicle.updatedAt.toISOString(),
    wiring_categories: wiring.map(toWiring),
    instruction_categories: categories.filter((c) => c.kind === 'instructions').map(toInstructions),
    productSkus: source.vehicle.productSkus,
    guides: guides.map(toGuide),
    hasExternalWiring: hasExternal,
    variants: [...new Set(wiring.flatMap((c) => (c.variant ? [c.variant] : [])))],
  };
  return { info, tHarnessSkus: source.vehicle.tHarnessSkus };
}

export const toGuide = (g: Awaited<ReturnType<typeof repo.guidesOfVehicles>>[number]) => ({
  id: g.id,
  title: g.title,
  summary: g.summary,
  steps: g.steps,
  vehicleIds: g.vehicleIds,
  url: g.documentId ? documentUrl(g.documentId) : null,
});

/**
 * Harness names from the catalog (its door, at the actor's prices though only names are read): which
 * products a channel lists is all the actor decides, so they are shared per channel until the catalog
 * changes.
 */
async function harnessNamesOf(ctx: AppContext, actor: Actor, skus: string[]) {
  if (!skus.length) return new Map<string, string>();
  const key = `${actor.channelSlug}\n${skus.join('\n')}`;
  const read = async () => new Map((await productsBySkus(ctx.db, actor, skus)).map((p) => [p.sku, p.name]));
  return cachedVehicleAnswer(ctx, 'harness-names', key, read, 'catalog');
}

export const internalWiring = (ctx: AppContext, key: Key) =>
  cachedVehicleAnswer(ctx, 'internal-wiring', keyOf(key), () => readInternalWiring(ctx, key));
export const externalWiring = (ctx: AppContext, key: Key) =>
  cachedVehicleAnswer(ctx, 'external-wiring', keyOf(key), () => readExternalWiring(ctx, key));

async function readInternalWiring(ctx: AppContext, key: Key) {
  const { found, source } = await resolve(ctx, key);
  const rows = await repo.categoriesOf(ctx.db, source.vehicle.id, 'wiring');
  return { vehicleId: found.vehicle.id, results: rows.map(toWiring) };
}

async function readExternalWiring(ctx: AppContext, key: Key) {
  const { found, source } = await resolve(ctx, key);
  const row = await repo.externalWiringOf(ctx.db, source.vehicle.id);
  return {
    vehicleId: found.vehicle.id,
    autoMobWiring: row?.autoMobWiring ?? {},
    adsWiring: row?.adsWiring ?? {},
    adsProducts: row?.adsProducts ?? {},
  };
}

async function categoryRow(ctx: AppContext, vehicleId: string, categoryId: string, kind: 'wiring' | 'instructions') {
  const sourceId = await resolveById(ctx, vehicleId);
  const row = await repo.categoryOf(ctx.db, sourceId, categoryId, kind);
  if (!row) throw notFound();
  return row;
}
export const wiringOfCategory = (ctx: AppContext, vehicleId: string, categoryId: string) =>
  cachedVehicleAnswer(ctx, 'wiring-category', `${vehicleId}\n${categoryId}`, async () =>
    toWiring(await categoryRow(ctx, vehicleId, categoryId, 'wiring')),
  );
export const instructionsOfCategory = (ctx: AppContext, vehicleId: string, categoryId: string) =>
  cachedVehicleAnswer(ctx, 'instructions-category', `${vehicleId}\n${categoryId}`, async () =>
    toInstructions(await categoryRow(ctx, vehicleId, categoryId, 'instructions')),
  );

export const guidesOfVehicles = (ctx: AppContext, vehicleIds: string[]) =>
  cachedVehicleAnswer(ctx, 'guides', vehicleIds.join('\n'), () => readGuidesOfVehicles(ctx, vehicleIds));

async function readGuidesOfVehicles(ctx: AppContext, vehicleIds: string[]) {
  const known = await repo.existingVehicleIds(ctx.db, vehicleIds);
  if (!known.length) throw notFound();
  return { results: (await repo.guidesOfVehicles(ctx.db, known)).map(toGuide) };
}
