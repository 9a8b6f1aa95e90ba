import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { CACHES, postReadBody, postReadKey } from '../../offline/policy.ts';
import {
  externalWiringQuery,
  guidesQuery,
  instructionsByCategoryQuery,
  internalWiringQuery,
  tHarnessQuery,
  vehicleBody,
  vehicleInfoQuery,
  wiringByCategoryQuery,
} from './api.ts';
import { parseVehicleValue, type RecentVehicle, type VehicleKey } from './recentVehicles.ts';

/**
 * A vehicle saved for offline on purpose (issue 31 item 2: before driving to a job): every read its slides and its
 * print page make — the vehicle, each wiring and instruction sheet, the external wiring, T-harnesses, guides, its
 * documents and pictures — made now, through the offline worker, which keeps them. Each read is the very request
 * the slide makes (the same query), so the worker finds it again offline. Throws when something could not be read.
 */
export async function saveVehicleForOffline(queryClient: QueryClient, key: VehicleKey) {
  const fresh = { staleTime: 0 } as const;
  const info = await queryClient.fetchQuery({ ...vehicleInfoQuery(key), ...fresh });
  const reads: Promise<unknown>[] = [
    queryClient.fetchQuery({ ...internalWiringQuery(key), ...fresh }),
    ...info.wiring_categories.map((c) => queryClient.fetchQuery({ ...wiringByCategoryQuery(info.id, c.id), ...fresh })),
    ...info.instruction_categories.map((c) =>
      queryClient.fetchQuery({ ...instructionsByCategoryQuery(info.id, c.id), ...fresh }),
    ),
    queryClient.fetchQuery({ ...guidesQuery([info.id]), ...fresh }),
  ];
  if (info.hasExternalWiring) reads.push(queryClient.fetchQuery({ ...externalWiringQuery(key), ...fresh }));
  const harnesses = info.t_harnesses.map((h) => h.sku);
  if (harnesses.length) reads.push(queryClient.fetchQuery({ ...tHarnessQuery(harnesses), ...fresh }));
  const pictures = [
    info.image,
    ...info.vehicle_documents.map((d) => d.url),
    ...info.instruction_categories.flatMap((c) => c.instructions.map((step) => step.image)),
  ].filter((url): url is string => !!url && url.startsWith('/'));
  for (const url of new Set(pictures))
    reads.push(
      fetch(url, { credentials: 'same-origin' }).then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
      }),
    );
  await Promise.all(reads);
}

/** Whether the phone keeps this vehicle's own read (what opening it offline needs first). */
async function isKept(key: VehicleKey): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  const store = await caches.open(CACHES.data);
  const url = new URL('/api/vehicle-info', window.location.origin).href;
  return !!(await store.match(await postReadKey(url, postReadBody(vehicleBody(key)))));
}

/** The recent vehicles the phone can open offline (their values), asked again whenever `version` changes. */
export function useOfflineVehicles(recents: readonly RecentVehicle[], version = 0): Set<string> {
  const [kept, setKept] = useState<Set<string>>(new Set());
  const values = recents.map((r) => r.value).join('|');
  useEffect(() => {
    let stale = false;
    void (async () => {
      const found = new Set<string>();
      for (const recent of recents) {
        const key = parseVehicleValue(recent.value);
        if (!('error' in key) && (await isKept(key).catch(() => false))) found.add(recent.value);
      }
      if (!stale) setKept(found);
    })();
    return () => {
      stale = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list's values say when it changed
  }, [values, version]);
  return kept;
}
