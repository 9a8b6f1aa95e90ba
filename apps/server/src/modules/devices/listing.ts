import {
  DEVICE_LIST_TEXTS,
  can,
  type DeviceListResponse,
  type InstalledDevice,
  type deviceListQuerySchema,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Shadow } from '../../adapters/devices/index.ts';
import { refuse } from '../../refusal.ts';
import { devicesOfBusiness } from './repo/listing.ts';

/**
 * The devices installed for a business (issue 29 §5; docs/decisions.md "The device's history and device
 * list"): the portal's record of each (device_installations: when, by whom, the car) beside what the cloud
 * reports now (product, plan, state). Only the business the actor acts for: its people and a rep acting for
 * it (the guard, contracts' `devices` rule), never another business's, whatever the query says.
 */
export function createDeviceListing(ctx: Pick<AppContext, 'db' | 'devices'>) {
  /** The cloud's word on a device, or nothing when it does not answer: the list still shows the record. */
  const shadowOrNull = (deviceKey: string): Promise<Shadow | null> => ctx.devices.shadow(deviceKey).catch(() => null);

  return {
    /** GET /api/devices: a page of the actor's business's devices, newest first, matching `q`. */
    async list(actor: Actor, query: z.output<typeof deviceListQuerySchema>): Promise<DeviceListResponse> {
      // The route's guard asks the same rule first; a job or another service calling this is held to it too.
      const business = actor.business;
      if (!business || !can({ user: actor.user, hasSelectedBusiness: true }, 'devices'))
        throw refuse.forbidden(business ? DEVICE_LIST_TEXTS.noBusiness : DEVICE_LIST_TEXTS.selectBusiness);
      const { rows, count } = await devicesOfBusiness(ctx.db, business.id, query);
      const shadows = await Promise.all(rows.map(({ installation }) => shadowOrNull(installation.deviceKey)));
      const results = rows.map(({ installation, installer, business: owner }, i): InstalledDevice => {
        const reported = shadows[i]?.reported;
        const hasVehicle =
          installation.vin !== null ||
          installation.vehicleYear !== null ||
          installation.vehicleMake !== null ||
          installation.vehicleModel !== null;
        return {
          device_key: installation.deviceKey,
          product: reported?.product ?? null,
          plan: reported?.plan ?? null,
          device_state: reported?.device_state ?? null,
          service_mode: reported?.service_mode ?? null,
          installed_at: installation.installedAt.toISOString(),
          installed_by: installer?.id
            ? { id: installer.id, name: `${installer.firstName ?? ''} ${installer.lastName ?? ''}`.trim() }
            : null,
          business: { id: owner?.id ?? business.id, companyName: owner?.companyName ?? business.companyName },
          vehicle: hasVehicle
            ? {
                vin: installation.vin,
                year: installation.vehicleYear,
                make: installation.vehicleMake,
                model: installation.vehicleModel,
              }
            : null,
        };
      });
      return { results, count };
    },
  };
}

export type DeviceListing = ReturnType<typeof createDeviceListing>;
