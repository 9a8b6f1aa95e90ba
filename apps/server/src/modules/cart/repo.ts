import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutAttempts, checkoutLines, checkoutPastedAdds, checkouts, checkoutSubscriptionLines } from './schema.ts';

export type OpenCheckout = typeof checkouts.$inferSelect;

/** The user's open checkout with its choices, whichever business it is for (locked for update in a change). */
export async function openCheckoutOfUser(db: Db | Tx, userId: string, lock = false): Promise<OpenCheckout | null> {
  const query = db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function clearOpenCheckouts(tx: Db | Tx, userId: string) {
  await tx
    .update(checkouts)
    .set({ status: 'cleared' })
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
}

export async function insertCheckout(tx: Tx, userId: string, businessPartnerId: string): Promise<OpenCheckout> {
  const [row] = await tx.insert(checkouts).values({ userId, businessPartnerId }).returning();
  return row!;
}

export const touchCheckout = (tx: Tx, checkoutId: string) =>
  tx.update(checkouts).set({ updatedAt: new Date() }).where(eq(checkouts.id, checkoutId));

/** A checkout's lines, oldest first. */
export const linesOf = (db: Db, checkoutId: string) =>
  db
    .select({ id: checkoutLines.id, productId: checkoutLines.productId, quantity: checkoutLines.quantity })
    .from(checkoutLines)
    .where(eq(checkoutLines.checkoutId, checkoutId))
    .orderBy(asc(checkoutLines.createdAt), asc(checkoutLines.id));

/** The quantities a checkout already holds of these products. */
export const heldQuantities = (tx: Tx, checkoutId: string, productIds: string[]) =>
  tx
    .select({ productId: checkoutLines.productId, quantity: checkoutLines.quantity })
    .from(checkoutLines)
    .where(and(eq(checkoutLines.checkoutId, checkoutId), inArray(checkoutLines.productId, productIds)));

/** Sets the quantity of each product, adding the lines a checkout lacks. */
export async function setQuantities(tx: Tx, checkoutId: string, quantities: Map<string, number>) {
  await tx
    .insert(checkoutLines)
    .values([...quantities].map(([productId, quantity]) => ({ checkoutId, productId, quantity })))
    .onConflictDoUpdate({
      target: [checkoutLines.checkoutId, checkoutLines.productId],
      // The totals were computed under the checkout's row lock: set them, do not add twice.
      set: { quantity: sql`excluded.quantity`, updatedAt: new Date() },
    });
}

/** A line of a checkout, or null when the checkout has no such line. */
export async function lineOf(tx: Tx, checkoutId: string, lineId: string) {
  const [row] = await tx
    .select({ productId: checkoutLines.productId, quantity: checkoutLines.quantity })
    .from(checkoutLines)
    .where(and(eq(checkoutLines.id, lineId), eq(checkoutLines.checkoutId, checkoutId)));
  return row ?? null;
}

export const setLineQuantity = (tx: Tx, lineId: string, quantity: number) =>
  tx.update(checkoutLines).set({ quantity }).where(eq(checkoutLines.id, lineId));

/** Deletes a line of a checkout; false when the checkout has no such line. */
export async function deleteLine(tx: Tx, checkoutId: string, lineId: string) {
  const deleted = await tx
    .delete(checkoutLines)
    .where(and(eq(checkoutLines.id, lineId), eq(checkoutLines.checkoutId, checkoutId)))
    .returning({ id: checkoutLines.id });
  return deleted.length > 0;
}

export type CheckoutRow = typeof checkouts.$inferSelect;

/** A checkout with its choices (addresses, shipping method, PO number, payment). */
export async function checkoutRow(db: Db | Tx, checkoutId: string, lock = false): Promise<CheckoutRow | null> {
  const query = db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export type CheckoutChoices = Partial<
  Pick<
    CheckoutRow,
    | 'shippingAddressId'
    | 'billingAddressId'
    | 'shippingMethodId'
    | 'poNumber'
    | 'paymentGateway'
    | 'paymentMethodId'
    | 'paymentAmountCents'
    | 'status'
  >
>;

export const setChoices = (tx: Tx, checkoutId: string, choices: CheckoutChoices) =>
  tx
    .update(checkouts)
    .set({ ...choices, updatedAt: new Date() })
    .where(eq(checkouts.id, checkoutId));

export type AttemptRow = typeof checkoutAttempts.$inferSelect;

/** The user's try under this key, if any (locked in a change). */
export async function attemptByKey(db: Db | Tx, userId: string, key: string, lock = false) {
  const query = db
    .select()
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.userId, userId), eq(checkoutAttempts.idempotencyKey, key)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Writes a try and moves its checkout to `checkoutStatus` in the same statement ('completing' while it
 * charges; 'completed' when nothing is to be charged and the order follows in this transaction).
 */
export async function insertAttempt(
  tx: Tx,
  values: typeof checkoutAttempts.$inferInsert,
  checkoutStatus: 'completing' | 'completed',
) {
  const [row] = await tx
    .with(checkoutMoved(tx, values.checkoutId, checkoutStatus))
    .insert(checkoutAttempts)
    .values(values)
    .returning();
  return row!;
}

/** A statement's first part that moves a checkout to a status (a try and its checkout move together). */
const checkoutMoved = (tx: Tx, checkoutId: string, status: 'completing' | 'completed') =>
  tx
    .$with('checkout_moved', { id: sql<string>`id` })
    .as(sql`update ${checkouts} set status = ${status}, updated_at = now() where id = ${checkoutId} returning id`);

/**
 * Ends a try still charging as failed, with the answer a retry replays: false when another run ended it
 * first. The row stays locked until the transaction ends.
 */
export async function failAttempt(tx: Tx, attemptId: string, failure: NonNullable<AttemptRow['failure']>) {
  const rows = await tx
    .update(checkoutAttempts)
    .set({ status: 'failed', failure, updatedAt: new Date() })
    .where(and(eq(checkoutAttempts.id, attemptId), eq(checkoutAttempts.status, 'charging')))
    .returning({ id: checkoutAttempts.id });
  return rows.length > 0;
}

/** Tries still charging that began before `before` (a crash or a lost process left them). */
export const chargingAttempts = (db: Db, before: Date) =>
  db
    .select()
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.status, 'charging'), lt(checkoutAttempts.createdAt, before)));

export async function attemptById(db: Db | Tx, attemptId: string, lock = false) {
  const query = db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Claims a try still charging for the order about to be written (completed, with its order's id): false
 * when another finished it first. The row stays locked until the transaction ends.
 */
export async function claimAttempt(tx: Tx, attemptId: string, orderId: string) {
  const rows = await tx
    .update(checkoutAttempts)
    .set({ status: 'completed', orderId, updatedAt: new Date() })
    .where(and(eq(checkoutAttempts.id, attemptId), eq(checkoutAttempts.status, 'charging')))
    .returning({ id: checkoutAttempts.id });
  return rows.length > 0;
}

// ---- Subscription lines (issue 30 item 2) ----------------------------------------------------------------

export type SubscriptionLineRow = typeof checkoutSubscriptionLines.$inferSelect;

/** A checkout's subscription lines, oldest first. */
export const subscriptionLinesOf = (db: Db | Tx, checkoutId: string) =>
  db
    .select()
    .from(checkoutSubscriptionLines)
    .where(eq(checkoutSubscriptionLines.checkoutId, checkoutId))
    .orderBy(asc(checkoutSubscriptionLines.createdAt), asc(checkoutSubscriptionLines.id));

/** Puts a device's line, replacing the one it has (one line per device). */
export const putSubscriptionLine = (
  tx: Tx,
  line: Pick<SubscriptionLineRow, 'checkoutId' | 'deviceKey' | 'productName' | 'planId' | 'duration'>,
) =>
  tx
    .insert(checkoutSubscriptionLines)
    .values(line)
    .onConflictDoUpdate({
      target: [checkoutSubscriptionLines.checkoutId, checkoutSubscriptionLines.deviceKey],
      set: { productName: line.productName, planId: line.planId, duration: line.duration, updatedAt: new Date() },
    });

/** Deletes a device's line; false when the checkout has none for it. */
export async function deleteSubscriptionLine(tx: Tx, checkoutId: string, deviceKey: string) {
  const deleted = await tx
    .delete(checkoutSubscriptionLines)
    .where(
      and(eq(checkoutSubscriptionLines.checkoutId, checkoutId), eq(checkoutSubscriptionLines.deviceKey, deviceKey)),
    )
    .returning({ id: checkoutSubscriptionLines.id });
  return deleted.length > 0;
}

/**
 * Takes the devices' plan lines out of the user's open cart for the business (a plan purchase bought them): the
 * number of lines taken out.
 */
/** Which of these devices have a plan line in the user's open cart for the business. */
export async function subscriptionLineDevicesOf(
  db: Db | Tx,
  userId: string,
  businessPartnerId: string,
  deviceKeys: string[],
): Promise<Set<string>> {
  if (deviceKeys.length === 0) return new Set();
  const rows = await db
    .select({ deviceKey: checkoutSubscriptionLines.deviceKey })
    .from(checkoutSubscriptionLines)
    .innerJoin(checkouts, eq(checkouts.id, checkoutSubscriptionLines.checkoutId))
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.businessPartnerId, businessPartnerId),
        eq(checkouts.status, 'open'),
        inArray(checkoutSubscriptionLines.deviceKey, deviceKeys),
      ),
    );
  return new Set(rows.map((row) => row.deviceKey));
}

export async function deleteSubscriptionLinesOf(
  tx: Tx,
  userId: string,
  businessPartnerId: string,
  deviceKeys: string[],
) {
  if (deviceKeys.length === 0) return 0;
  const open = tx
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.businessPartnerId, businessPartnerId),
        eq(checkouts.status, 'open'),
      ),
    );
  const deleted = await tx
    .delete(checkoutSubscriptionLines)
    .where(
      and(
        inArray(checkoutSubscriptionLines.checkoutId, open),
        inArray(checkoutSubscriptionLines.deviceKey, deviceKeys),
      ),
    )
    .returning({ id: checkoutSubscriptionLines.id });
  return deleted.length;
}

/** issue 33 item 3: the pasted list a user added under an Idempotency-Key, if any. */
export async function pastedAddByKey(tx: Tx, userId: string, key: string) {
  const [row] = await tx
    .select({ requestHash: checkoutPastedAdds.requestHash, checkoutId: checkoutPastedAdds.checkoutId })
    .from(checkoutPastedAdds)
    .where(and(eq(checkoutPastedAdds.userId, userId), eq(checkoutPastedAdds.idempotencyKey, key)));
  return row ?? null;
}

export const insertPastedAdd = (
  tx: Tx,
  row: { userId: string; idempotencyKey: string; requestHash: string; checkoutId: string },
) => tx.insert(checkoutPastedAdds).values(row);
