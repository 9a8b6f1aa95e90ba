import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { partnerRefs } from '../../business-partners/index.ts';
import { people } from '../../users/index.ts';
import { deviceInstallations } from '../schema.ts';

/** The SQL of the device list and of the car an install went into (issue 29 §5): no rules here. */

export interface InstallVehicle {
  vin?: string | undefined;
  year?: number | undefined;
  make?: string | undefined;
  model?: string | undefined;
}

/** The car the device went into, written over what an earlier install said (a service visit may correct it). */
export async function setInstallationVehicle(tx: Db | Tx, deviceKey: string, vehicle: InstallVehicle) {
  await tx
    .update(deviceInstallations)
    .set({
      vin: vehicle.vin ?? null,
      vehicleYear: vehicle.year ?? null,
      vehicleMake: vehicle.make || null,
      vehicleModel: vehicle.model || null,
    })
    .where(eq(deviceInstallations.deviceKey, deviceKey));
}

/**
 * What `q` matches, already upper-cased letters and digits (the contract refuses anything else, so it
 * carries no LIKE wildcard): a serial's first digits, or a VIN whole or by its last 6 or more characters.
 */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const bySerial = /^\d+$/.test(q) ? like(deviceInstallations.deviceKey, `${q}%`) : undefined;
  const byVin =
    q.length === 17
      ? eq(deviceInstallations.vin, q)
      : q.length >= 6
        ? like(deviceInstallations.vin, `%${q}`)
        : undefined;
  if (bySerial && byVin) return or(bySerial, byVin);
  return bySerial ?? byVin ?? eq(deviceInstallations.deviceKey, '');
}

/** One page of the devices installed for a business, newest first, with who installed each; and how many match. */
export async function devicesOfBusiness(
  db: Db,
  businessPartnerId: string,
  query: { q?: string | undefined; limit: number; offset: number },
) {
  const where = and(eq(deviceInstallations.businessPartnerId, businessPartnerId), matching(query.q));
  const installer = people('device_list_installers');
  const business = partnerRefs('device_list_businesses');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        installation: deviceInstallations,
        installer: { id: installer.id, firstName: installer.firstName, lastName: installer.lastName },
        business: { id: business.id, companyName: business.companyName },
      })
      .from(deviceInstallations)
      .leftJoin(installer, eq(installer.id, deviceInstallations.installedByUserId))
      .leftJoin(business, eq(business.id, deviceInstallations.businessPartnerId))
      .where(where)
      .orderBy(desc(deviceInstallations.installedAt), desc(deviceInstallations.deviceKey))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(deviceInstallations).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
