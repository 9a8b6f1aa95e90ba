import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { partnerRefs } from '../business-partners/index.ts';
import { people } from '../users/index.ts';
import { activations, type ActivationRow } from './schema.ts';

export type { StoredStepState } from './schema.ts';

/** The SQL of the activation record (service.ts): no rules here. */

export type NewActivation = typeof activations.$inferInsert;
export type ActivationStatus = ActivationRow['status'];

/** Who an activation belongs to: a signed-in user, or a guest by the hash of their token. */
export type Owner = { userId: string } | { guestTokenHash: string };

const ownedBy = (owner: Owner): SQL =>
  'userId' in owner
    ? eq(activations.userId, owner.userId)
    : and(isNull(activations.userId), eq(activations.guestTokenHash, owner.guestTokenHash))!;

/** An activation with who started it and the business it was for. */
function withPeople(db: Db | Tx) {
  const user = people('activation_users');
  const business = partnerRefs('activation_businesses');
  return db
    .select({
      activation: activations,
      user: { id: user.id, name: user.name, firstName: user.firstName, lastName: user.lastName },
      business: { id: business.id, companyName: business.companyName },
    })
    .from(activations)
    .leftJoin(user, eq(user.id, activations.userId))
    .leftJoin(business, eq(business.id, activations.businessPartnerId))
    .$dynamic();
}
export type ActivationWithPeople = Awaited<ReturnType<ReturnType<typeof withPeople>['execute']>>[number];

/** One activation of this owner, or undefined (another's is as absent as one that does not exist). */
export async function ownActivation(db: Db | Tx, id: string, owner: Owner): Promise<ActivationWithPeople | undefined> {
  const [row] = await withPeople(db).where(and(eq(activations.id, id), ownedBy(owner)));
  return row;
}

/** The owner's open activation of this device and type (a start answers it rather than making another). */
export async function openActivationOf(
  db: Db | Tx,
  owner: Owner,
  deviceKey: string,
  type: ActivationRow['activationType'],
): Promise<ActivationWithPeople | undefined> {
  const [row] = await withPeople(db)
    .where(
      and(
        ownedBy(owner),
        eq(activations.deviceKey, deviceKey),
        eq(activations.activationType, type),
        eq(activations.status, 'in_progress'),
      ),
    )
    .orderBy(desc(activations.startedAt))
    .limit(1);
  return row;
}

/** Inserts an activation unless the owner already has one open for the device and type (the partial unique index). */
export async function insertActivation(tx: Db | Tx, row: NewActivation): Promise<string | undefined> {
  const [written] = await tx.insert(activations).values(row).onConflictDoNothing().returning({ id: activations.id });
  return written?.id;
}

/** The owner's activations, newest first. */
export function activationsOf(
  db: Db | Tx,
  owner: Owner,
  filters: { deviceKey?: string; status?: ActivationStatus },
): Promise<ActivationWithPeople[]> {
  return withPeople(db)
    .where(
      and(
        ownedBy(owner),
        filters.deviceKey ? eq(activations.deviceKey, filters.deviceKey) : undefined,
        filters.status ? eq(activations.status, filters.status) : undefined,
      ),
    )
    .orderBy(desc(activations.startedAt), desc(activations.id))
    .limit(100);
}

/**
 * A device's activations, newest first: those made for `businessId` or for no business (guests) when given,
 * and those of `owner` in any case.
 */
export function activationsOfDevice(
  db: Db | Tx,
  deviceKey: string,
  seen: { businessId: string | null; owner: Owner | null },
): Promise<ActivationWithPeople[]> {
  const whose = or(
    seen.businessId
      ? or(eq(activations.businessPartnerId, seen.businessId), isNull(activations.businessPartnerId))
      : undefined,
    seen.owner ? ownedBy(seen.owner) : undefined,
  );
  return withPeople(db)
    .where(and(eq(activations.deviceKey, deviceKey), whose ?? sql`false`))
    .orderBy(desc(activations.startedAt), desc(activations.id))
    .limit(200);
}

/**
 * Writes a change if the activation is still at `version` and open: answers whether it was written (a
 * compare-and-set, so two phones writing at once can not both win).
 */
export async function changeActivation(
  tx: Db | Tx,
  id: string,
  version: number,
  change: Partial<Pick<ActivationRow, 'steps' | 'currentStep' | 'stepStates' | 'advanced' | 'status' | 'completedAt'>>,
): Promise<boolean> {
  const written = await tx
    .update(activations)
    .set({ ...change, version: sql`${activations.version} + 1`, updatedAt: new Date() })
    .where(and(eq(activations.id, id), eq(activations.version, version), inArray(activations.status, ['in_progress'])))
    .returning({ id: activations.id });
  return written.length > 0;
}
