import { and, count, desc, eq, gte, like, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { partnerRefs } from '../business-partners/index.ts';
import { people } from '../users/index.ts';
import { deviceCommands, deviceInstallations, deviceProofFailures } from './schema.ts';

/** The SQL of the device calls (service.ts, access.ts): no rules here. */

export type Installation = typeof deviceInstallations.$inferSelect;

/** Which business a device was installed for, or undefined. */
export async function installationOf(db: Db | Tx, deviceKey: string): Promise<Installation | undefined> {
  const [row] = await db.select().from(deviceInstallations).where(eq(deviceInstallations.deviceKey, deviceKey));
  return row;
}

/** Records the installation (the first one stands: a device is installed once, for one business). */
export async function insertInstallation(
  tx: Db | Tx,
  row: { deviceKey: string; businessPartnerId: string; installedByUserId: string | null; involvedInstallers: string[] },
) {
  await tx.insert(deviceInstallations).values(row).onConflictDoNothing({ target: deviceInstallations.deviceKey });
}

export async function setInvolvedInstallers(tx: Db | Tx, deviceKey: string, involved: string[]) {
  await tx
    .update(deviceInstallations)
    .set({ involvedInstallers: involved })
    .where(eq(deviceInstallations.deviceKey, deviceKey));
}

/** A swap moves the old unit's installation to the new one (same business, same installers). */
export async function moveInstallation(tx: Db | Tx, fromKey: string, toKey: string) {
  const from = await installationOf(tx, fromKey);
  if (!from) return;
  await tx
    .insert(deviceInstallations)
    .values({ ...from, deviceKey: toKey, installedAt: new Date() })
    .onConflictDoNothing({ target: deviceInstallations.deviceKey });
}

/** Wrong proofs since `since`: of this device, of this address, and when the oldest of each was. */
export async function proofFailuresSince(db: Db, deviceKey: string, ip: string, since: Date) {
  const [byDevice] = await db
    .select({ n: count(), oldest: min(deviceProofFailures.at) })
    .from(deviceProofFailures)
    .where(and(eq(deviceProofFailures.deviceKey, deviceKey), gte(deviceProofFailures.at, since)));
  const [byAddress] = await db
    .select({ n: count(), oldest: min(deviceProofFailures.at) })
    .from(deviceProofFailures)
    .where(and(eq(deviceProofFailures.ip, ip), gte(deviceProofFailures.at, since)));
  return {
    device: { count: byDevice?.n ?? 0, oldest: byDevice?.oldest ?? null },
    address: { count: byAddress?.n ?? 0, oldest: byAddress?.oldest ?? null },
  };
}

export async function recordProofFailure(db: Db, deviceKey: string, ip: string) {
  await db.insert(deviceProofFailures).values({ deviceKey, ip });
}

export type NewDeviceCommand = typeof deviceCommands.$inferInsert;

/** One recorded call on a device; answers its id. */
export async function recordCommand(tx: Db | Tx, row: NewDeviceCommand): Promise<string> {
  const [written] = await tx.insert(deviceCommands).values(row).returning({ id: deviceCommands.id });
  return written!.id;
}

/** A job's end on the command that started it (until then it holds the status the call saw). */
export async function finishCommandOfJob(
  db: Db | Tx,
  jobId: string,
  status: string,
  answer: Record<string, unknown>,
  finishedAt: Date,
) {
  await db
    .update(deviceCommands)
    .set({ status, answer, finishedAt })
    .where(and(eq(deviceCommands.jobId, jobId), sql`${deviceCommands.finishedAt} is null`));
}

/** What the device check reports of the portal's own records: commands sent, whether the firmware was checked. */
export async function commandFactsOf(db: Db, deviceKey: string) {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${like(deviceCommands.action, 'send-command:%')})::int`,
      firmwareChecks: sql<number>`count(*) filter (where ${deviceCommands.action} = 'check-firmware-update')::int`,
    })
    .from(deviceCommands)
    .where(eq(deviceCommands.deviceKey, deviceKey));
  return { commandsSent: row?.sent ?? 0, firmwareChecked: (row?.firmwareChecks ?? 0) > 0 };
}

/** The device's recorded calls, newest first, with who made them and for which business. */
export function historyOf(db: Db, deviceKey: string, limit: number) {
  const user = people('history_users');
  const actingUser = people('history_acting_users');
  const business = partnerRefs('history_businesses');
  return db
    .select({
      command: deviceCommands,
      user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
      actingUser: {
        id: actingUser.id,
        firstName: actingUser.firstName,
        lastName: actingUser.lastName,
        email: actingUser.email,
      },
      business: { id: business.id, companyName: business.companyName },
    })
    .from(deviceCommands)
    .leftJoin(user, eq(user.id, deviceCommands.userId))
    .leftJoin(actingUser, eq(actingUser.id, deviceCommands.actingUserId))
    .leftJoin(business, eq(business.id, deviceCommands.businessPartnerId))
    .where(eq(deviceCommands.deviceKey, deviceKey))
    .orderBy(desc(deviceCommands.createdAt), desc(deviceCommands.id))
    .limit(limit);
}

/** The command recorded for a job, if any. */
export async function commandOfJob(db: Db, jobId: string) {
  const [row] = await db.select().from(deviceCommands).where(eq(deviceCommands.jobId, jobId)).limit(1);
  return row;
}
