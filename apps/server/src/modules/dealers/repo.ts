import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { businessPartners } from '../business-partners/schema.ts';
import { impersonationEvents } from '../acting/schema.ts';
import { users } from '../users/schema.ts';
import { dealers, installers, type DealerProfile } from './schema.ts';

export async function findDealer(db: Db, dealerId: string) {
  const [row] = await db
    .select({
      dealer: dealers,
      partner: {
        id: businessPartners.id,
        sapBpCode: businessPartners.sapBpCode,
        companyName: businessPartners.companyName,
      },
    })
    .from(dealers)
    .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId))
    .where(eq(dealers.id, dealerId));
  return row ?? null;
}
export type DealerRow = NonNullable<Awaited<ReturnType<typeof findDealer>>>;

export async function updateDealer(
  db: Db,
  dealerId: string,
  changes: { isPublicProfile?: boolean; contactEmail?: string; profile?: DealerProfile },
) {
  await db.update(dealers).set(changes).where(eq(dealers.id, dealerId));
}

const installerColumns = {
  id: installers.id,
  userId: installers.userId,
  dealerId: installers.dealerId,
  isOwner: installers.isOwner,
  isRetired: installers.isRetired,
  isPurchaser: installers.isPurchaser,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** The dealer's staff, owners first, then by name. */
export async function listInstallersOfDealer(db: Db, dealerId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .select(installerColumns)
      .from(installers)
      .innerJoin(users, eq(users.id, installers.userId))
      .where(eq(installers.dealerId, dealerId))
      .orderBy(desc(installers.isOwner), asc(users.lastName), asc(users.firstName), asc(installers.id))
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
    .innerJoin(users, eq(users.id, installers.userId))
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
        .innerJoin(users, eq(users.id, installers.userId))
        .where(and(eq(installers.dealerId, dealerId), inArray(installers.userId, userIds)));

/** Retirement lives on the installer record and on the user (prices, spec 01 §6): both change together. */
export async function updateInstaller(
  db: Db,
  installer: { id: string; userId: string },
  changes: { isPurchaser?: boolean; isRetired?: boolean },
) {
  await db.transaction(async (tx) => {
    await tx.update(installers).set(changes).where(eq(installers.id, installer.id));
    if (changes.isRetired !== undefined)
      await tx.update(users).set({ isRetired: changes.isRetired }).where(eq(users.id, installer.userId));
  });
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

const impersonated = alias(users, 'impersonated');

/** What was done for the business while a rep acted for it, newest first. */
export async function listImpersonationEvents(db: Db, businessPartnerId: string, limit: number, offset: number) {
  const where = eq(impersonationEvents.businessPartnerId, businessPartnerId);
  const [rows, count] = await Promise.all([
    db
      .select({
        event: impersonationEvents,
        actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        impersonated: {
          id: impersonated.id,
          firstName: impersonated.firstName,
          lastName: impersonated.lastName,
          email: impersonated.email,
        },
      })
      .from(impersonationEvents)
      .innerJoin(users, eq(users.id, impersonationEvents.actorUserId))
      .leftJoin(impersonated, eq(impersonated.id, impersonationEvents.impersonatedUserId))
      .where(where)
      .orderBy(desc(impersonationEvents.createdAt), desc(impersonationEvents.id))
      .limit(limit)
      .offset(offset),
    db.$count(impersonationEvents, where),
  ]);
  return { rows, count };
}
