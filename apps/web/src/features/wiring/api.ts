import { queryOptions } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import { VEHICLE_PRODUCT_CACHE_S } from '@portal/contracts/constants';
import { call } from '../../lib/api.ts';
import type { PriceScope } from '../catalog/index.ts';
import type { VehicleKey } from './recentVehicles.ts';

/** Vehicle data changes rarely; spec 01 §9 caches vehicle products for 300 s, we keep the rest as long. */
const VEHICLE_STALE_MS = VEHICLE_PRODUCT_CACHE_S * 1000;
/** The body of every read about one vehicle (the offline worker keys what it keeps by it: offlineVehicles.ts). */
export const vehicleBody = (key: VehicleKey) => ({ year: Number(key.year), makeId: key.makeId, modelId: key.modelId });

/** spec 01 §7: year only gives makes; year and make give models. */
export const yearMakeModelQuery = (year: string, makeId?: string) =>
  queryOptions({
    queryKey: ['vehicles', 'ymm', year, makeId ?? null],
    queryFn: ({ signal }) =>
      call(routes.vehicles.yearMakeModel, { body: { year: Number(year), makeId }, signal }).then((r) => r.results),
    staleTime: 60 * 60_000,
    retry: false,
  });

export const vinQuery = (vin: string) =>
  queryOptions({
    queryKey: ['vehicles', 'vin', vin.toUpperCase()],
    queryFn: ({ signal }) => call(routes.vehicles.decodeVin, { body: { VIN: vin }, signal }),
    staleTime: 60 * 60_000,
    retry: false,
  });

/** The vehicle slide's data in one round trip (the contract's POST /api/vehicle-info). */
export const vehicleInfoQuery = (key: VehicleKey) =>
  queryOptions({
    queryKey: ['vehicles', 'info', key.year, key.makeId, key.modelId],
    queryFn: ({ signal }) => call(routes.vehicles.vehicleInfo, { body: vehicleBody(key), signal }),
    staleTime: VEHICLE_STALE_MS,
    retry: false,
  });

export const internalWiringQuery = (key: VehicleKey) =>
  queryOptions({
    queryKey: ['vehicles', 'internal-wiring', key.year, key.makeId, key.modelId],
    queryFn: ({ signal }) => call(routes.vehicles.internalWiring, { body: vehicleBody(key), signal }),
    staleTime: VEHICLE_STALE_MS,
  });

export const externalWiringQuery = (key: VehicleKey) =>
  queryOptions({
    queryKey: ['vehicles', 'external-wiring', key.year, key.makeId, key.modelId],
    queryFn: ({ signal }) => call(routes.vehicles.externalWiring, { body: vehicleBody(key), signal }),
    staleTime: VEHICLE_STALE_MS,
  });

export const wiringByCategoryQuery = (vehicleId: string, categoryId: string) =>
  queryOptions({
    queryKey: ['vehicles', 'wiring-by-category', vehicleId, categoryId],
    queryFn: ({ signal }) => call(routes.vehicles.wiringByCategory, { body: { vehicleId, categoryId }, signal }),
    staleTime: VEHICLE_STALE_MS,
    retry: false,
  });

export const instructionsByCategoryQuery = (vehicleId: string, categoryId: string) =>
  queryOptions({
    queryKey: ['vehicles', 'instructions-by-category', vehicleId, categoryId],
    queryFn: ({ signal }) => call(routes.vehicles.instructionsByCategory, { body: { vehicleId, categoryId }, signal }),
    staleTime: VEHICLE_STALE_MS,
    retry: false,
  });

export const productFeaturesQuery = (productId: string) =>
  queryOptions({
    queryKey: ['vehicles', 'product-features', productId],
    queryFn: ({ signal }) => call(routes.vehicles.productFeatures, { body: { productId }, signal }),
    staleTime: VEHICLE_STALE_MS,
    retry: false,
  });

/** A product's accessories at the session's prices: keyed by the price scope like every priced list. */
export const accessoriesQuery = (scope: PriceScope, productId: string) =>
  queryOptions({
    queryKey: ['products', scope, 'accessories', productId],
    queryFn: ({ signal }) =>
      call(routes.vehicles.accessoryProducts, { body: { productId }, signal }).then((r) => r.results),
    staleTime: VEHICLE_STALE_MS,
  });

export const tHarnessQuery = (skus: readonly string[]) =>
  queryOptions({
    queryKey: ['vehicles', 't-harness', [...skus]],
    queryFn: ({ signal }) =>
      call(routes.vehicles.tHarnessesBySku, { body: { items: skus.map((sku) => ({ sku })) }, signal }).then(
        (r) => r.results,
      ),
    staleTime: VEHICLE_STALE_MS,
    enabled: skus.length > 0,
  });

export const guidesQuery = (vehicleIds: readonly string[]) =>
  queryOptions({
    queryKey: ['vehicles', 'guides', [...vehicleIds]],
    queryFn: ({ signal }) =>
      call(routes.vehicles.guides, { body: { vehicleIds: [...vehicleIds] }, signal }).then((r) => r.results),
    staleTime: VEHICLE_STALE_MS,
    enabled: vehicleIds.length > 0,
  });

export const rootFoldersQuery = queryOptions({
  queryKey: ['vehicles', 'folders'],
  queryFn: ({ signal }) => call(routes.vehicles.rootFolders, { signal }).then((r) => r.results),
  staleTime: 10 * 60_000,
});

export const folderQuery = (slug: string) =>
  queryOptions({
    queryKey: ['vehicles', 'folders', slug],
    queryFn: ({ signal }) => call(routes.vehicles.folder, { params: { slug }, signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
