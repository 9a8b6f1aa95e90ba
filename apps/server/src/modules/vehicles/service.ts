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
import { HttpError } from '../../plugins/errors.ts';
import { VinDecoderUnavailableError, type VinDecode } from '../../adapters/vin/index.ts';
import type { Actor } from '../acting/index.ts';
import { productsBySkus } from '../catalog/index.ts';
import * as repo from './repo.ts';
import { matchMake, matchModel } from './vin-names.ts';

type CategoryRow = repo.CategoryRow;
const notFound = () => new HttpError(404, messages.notFound);
export const documentUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}`;
const toOption = (row: { id: string; name: string }): VehicleOption => ({ name: row.name, value: row.id, id: row.id });

/** spec 01 §7 year-make-model: year gives makes; year and make give models. */
export async function yearMakeModel(ctx: AppContext, input: { year: number; makeId?: string }) {
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
    if (error instanceof VinDecoderUnavailableError) throw new HttpError(503, messages.vinUnavailable);
    throw error;
  }
  const answer = decoded && (await inCascade(ctx, decoded));
  if (!answer) throw new HttpError(404, messages.vinNotFound);
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

/** The vehicle slide in one round trip (spec 01 §4: vehicle, products, wiring, harnesses, documents). */
export async function vehicleInfo(
  ctx: AppContext,
  actor: Actor,
  key: VehicleKey & { year: number },
): Promise<VehicleInfo> {
  const { found, source } = await resolve(ctx, key);
  const sourceId = source.vehicle.id;
  const [categories, docs, hasExternal, guides, harnessNames] = await Promise.all([
    repo.categoriesOf(ctx.db, sourceId),
    repo.documentsOfVehicle(ctx.db, sourceId),
    repo.hasExternalWiring(ctx.db, sourceId),
    repo.guidesOfVehicles(ctx.db, [found.vehicle.id]),
    harnessNamesOf(ctx, actor, source.vehicle.tHarnessSkus),
  ]);
  const wiring = categories.filter((c) => c.kind === 'wiring');
  const { vehicle } = found;
  return {
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
    t_harnesses: source.vehicle.tHarnessSkus.map((sku) => ({ sku, name: harnessNames.get(sku) ?? sku, notes: null })),
    wiring_categories: wiring.map(toWiring),
    instruction_categories: categories.filter((c) => c.kind === 'instructions').map(toInstructions),
    productSkus: source.vehicle.productSkus,
    guides: guides.map(toGuide),
    hasExternalWiring: hasExternal,
    variants: [...new Set(wiring.flatMap((c) => (c.variant ? [c.variant] : [])))],
  };
}

export const toGuide = (g: Awaited<ReturnType<typeof repo.guidesOfVehicles>>[number]) => ({
  id: g.id,
  title: g.title,
  summary: g.summary,
  steps: g.steps,
  vehicleIds: g.vehicleIds,
  url: g.documentId ? documentUrl(g.documentId) : null,
});

/** Harness names from the catalog (its door, at the actor's prices though only names are read). */
async function harnessNamesOf(ctx: AppContext, actor: Actor, skus: string[]) {
  if (!skus.length) return new Map<string, string>();
  const found = await productsBySkus(ctx.db, actor, skus);
  return new Map(found.map((p) => [p.sku, p.name]));
}

export async function internalWiring(ctx: AppContext, key: { year: number; makeId: string; modelId: string }) {
  const { found, source } = await resolve(ctx, key);
  const rows = await repo.categoriesOf(ctx.db, source.vehicle.id, 'wiring');
  return { vehicleId: found.vehicle.id, results: rows.map(toWiring) };
}

export async function externalWiring(ctx: AppContext, key: { year: number; makeId: string; modelId: string }) {
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
export const wiringOfCategory = async (ctx: AppContext, vehicleId: string, categoryId: string) =>
  toWiring(await categoryRow(ctx, vehicleId, categoryId, 'wiring'));
export const instructionsOfCategory = async (ctx: AppContext, vehicleId: string, categoryId: string) =>
  toInstructions(await categoryRow(ctx, vehicleId, categoryId, 'instructions'));

export async function guidesOfVehicles(ctx: AppContext, vehicleIds: string[]) {
  const known = await repo.existingVehicleIds(ctx.db, vehicleIds);
  if (!known.length) throw notFound();
  return { results: (await repo.guidesOfVehicles(ctx.db, known)).map(toGuide) };
}
