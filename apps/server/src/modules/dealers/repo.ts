import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { people } from '../users/index.ts';
import { dealers, installers, type DealerProfile } from './schema.ts';

export async function findDealer(db: Db, dealerId: string) {
  const [row] = await db.select().from(dealers).where(eq(dealers.id, dealerId));
  return row ?? null;
}
export type DealerRow = typeof dealers.$inferSelect;

export async function updateDealer(
  db: Db,
  dealerId: string,
  changes: { isPublicProfile?: boolean; contactEmail?: string; profile?: DealerProfile },
) {
  await db.update(dealers).set(changes).where(eq(dealers.id, dealerId));
}

/** The staff's names and e-mails are the users module's: joined from its door. */
const staff = people('staff');

const installerColumns = {
  id: installers.id,
  userId: installers.userId,
  dealerId: installers.dealerId,
  isOwner: installers.isOwner,
  isRetired: installers.isRetired,
  isPurchaser: installers.isPurchaser,
  firstName: staff.firstName,
  lastName: staff.lastName,
  email: staff.email,
};

/** The dealer's staff, owners first, then by name. */
export async function listInstallersOfDealer(db: Db, dealerId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .select(installerColumns)
      .from(installers)
      .innerJoin(staff, eq(staff.id, installers.userId))
      .where(eq(installers.dealerId, dealerId))
      .orderBy(desc(installers.isOwner), asc(staff.lastName), asc(staff.firstName), asc(installers.id))
      .limit(limit)
      .offset(offset),
    db.$count(installers, eq(installers.dealerId, dealerId)),
  ]);
  return { rows, count };
}

/** One installer of this dealer (null when it belongs to another dealer or does not exist). */
export async function findInstallerOfDealer(db: Db, dealerId: string, installerId: string) {
  const [row] = await db
    .select(installerColumns)
    .from(installers)
    .innerJoin(staff, eq(staff.id, installers.userId))
    .where(and(eq(installers.id, installerId), eq(installers.dealerId, dealerId)));
  return row ?? null;
}
export type InstallerRow = NonNullable<Awaited<ReturnType<typeof findInstallerOfDealer>>>;

/** The installers of this dealer that are these users. */
export const installersOfDealerByUserIds = (db: Db, dealerId: string, userIds: string[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .select(installerColumns)
        .from(installers)
        .innerJoin(staff, eq(staff.id, installers.userId))
        .where(and(eq(installers.dealerId, dealerId), inArray(installers.userId, userIds)));

export async function updateInstaller(
  tx: Tx,
  installerId: string,
  changes: { isPurchaser?: boolean | undefined; isRetired?: boolean | undefined },
) {
  await tx.update(installers).set(changes).where(eq(installers.id, installerId));
}

/** Grants and removes purchasing rights of the dealer's installers in one transaction. */
export async function setPurchasers(db: Db, dealerId: string, add: string[], remove: string[]) {
  await db.transaction(async (tx) => {
    if (add.length)
      await tx
        .update(installers)
        .set({ isPurchaser: true })
        .where(and(eq(installers.dealerId, dealerId), inArray(installers.userId, add)));
    if (remove.length)
      await tx
        .update(installers)
        .set({ isPurchaser: false })
        .where(and(eq(installers.dealerId, dealerId), inArray(installers.userId, remove)));
  });
}

// ── Reads and writes other modules make through the door (queries.ts, service.ts) ──

/** The staff of the business's dealer, with the flags that make up purchasing rights, by name. */
export const staffOfBusiness = (db: Db, businessPartnerId: string) =>
  db
    .select({
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      email: staff.email,
      isOwner: installers.isOwner,
      isPurchaser: installers.isPurchaser,
      isRetired: sql<boolean>`(${installers.isRetired} or ${staff.isRetired})`,
    })
    .from(dealers)
    .innerJoin(installers, eq(installers.dealerId, dealers.id))
    .innerJoin(staff, eq(staff.id, installers.userId))
    .where(eq(dealers.businessPartnerId, businessPartnerId))
    .orderBy(asc(staff.lastName), asc(staff.firstName), asc(staff.id));

/** Whether an address has an account (null: none), and whether it is on this dealer's staff — in one query. */
export async function accountOnStaff(db: Db, email: string, dealerId: string) {
  const person = people();
  const [row] = await db
    .select({ staffOf: installers.dealerId })
    .from(person)
    .leftJoin(installers, and(eq(installers.userId, person.id), eq(installers.dealerId, dealerId)))
    .where(eq(person.email, email))
    .limit(1);
  return row ? { onStaff: row.staffOf !== null } : null;
}

/** A business's new dealer record; its owner publishes the profile from /my-business. */
export async function createDealer(
  tx: Tx,
  dealer: { businessPartnerId: string; contactEmail: string; profile: DealerProfile },
) {
  const [row] = await tx
    .insert(dealers)
    .values({ ...dealer, isPublicProfile: false })
    .returning({ id: dealers.id });
  return row!.id;
}

/** A user joins a dealer's staff (the owner when approved, an installer when invited). */
export async function addInstaller(tx: Tx, installer: { userId: string; dealerId: string; isOwner: boolean }) {
  await tx.insert(installers).values(installer);
}
