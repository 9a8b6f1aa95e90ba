import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentMethods } from './schema.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethod = typeof paymentMethods.$inferInsert;

/** A business's cards and bank accounts: the main one first, then the newest. */
export const methodsOf = (db: Db | Tx, businessPartnerId: string) =>
  db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.businessPartnerId, businessPartnerId))
    .orderBy(desc(paymentMethods.isMain), desc(paymentMethods.createdAt), asc(paymentMethods.id));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of the business's methods (locked in a change), or null: another business's (or no id at all) is not found. */
export async function methodOf(db: Db | Tx, businessPartnerId: string, id: string, lock = false) {
  if (!UUID.test(id)) return null;
  const query = db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.businessPartnerId, businessPartnerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function hasMain(tx: Tx, businessPartnerId: string) {
  const [row] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.businessPartnerId, businessPartnerId), eq(paymentMethods.isMain, true)));
  return row !== undefined;
}

export async function insertMethod(tx: Tx, values: NewPaymentMethod) {
  const [row] = await tx.insert(paymentMethods).values(values).returning();
  return row!;
}

/** spec 02 §4: making one main unsets the others (first, so the one-main index never sees two). */
export async function makeMain(tx: Tx, businessPartnerId: string, id: string) {
  await tx
    .update(paymentMethods)
    .set({ isMain: false })
    .where(and(eq(paymentMethods.businessPartnerId, businessPartnerId), eq(paymentMethods.isMain, true)));
  await tx.update(paymentMethods).set({ isMain: true }).where(eq(paymentMethods.id, id));
}

export async function updateMethod(tx: Tx, id: string, values: Partial<NewPaymentMethod>) {
  const [row] = await tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, id)).returning();
  return row!;
}

export async function deleteMethod(tx: Tx, businessPartnerId: string, id: string) {
  const rows = await tx
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.businessPartnerId, businessPartnerId)))
    .returning({ id: paymentMethods.id });
  return rows.length > 0;
}

/** Serialises changes to one business's methods (who is main), whatever row they touch. */
export async function lockBusinessMethods(tx: Tx, businessPartnerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment_methods'), hashtext(${businessPartnerId}))`);
}
