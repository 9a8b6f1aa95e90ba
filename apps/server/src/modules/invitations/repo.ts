import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { partnerRefs } from '../business-partners/index.ts';
import { businessIdOfDealer } from '../dealers/index.ts';
import { people } from '../users/index.ts';
import { invitations } from './schema.ts';

export type InvitationRow = typeof invitations.$inferSelect;

const isPending = eq(invitations.status, 'pending');

export async function findInvitation(db: Db, id: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
  return row ?? null;
}

/** The dealer's pending invitation with this id or to this address, or null (another dealer's, answered, or none). */
export async function findPendingOfDealer(db: Db, dealerId: string, which: { id: string } | { email: string }) {
  const match = 'id' in which ? eq(invitations.id, which.id) : eq(invitations.email, which.email);
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(match, eq(invitations.dealerId, dealerId), isPending));
  return row ?? null;
}

export const listPendingOfDealer = (db: Db, dealerId: string) =>
  db
    .select()
    .from(invitations)
    .where(and(eq(invitations.dealerId, dealerId), isPending))
    .orderBy(desc(invitations.createdAt));

export async function insertInvitation(db: Db, invitation: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(invitation).returning();
  return row!;
}

/** A new link: the token version changes, so the links sent before stop working. */
export async function renewLink(db: Db, id: string, link: { tokenVersion: string; expiresAt: Date }) {
  const [row] = await db.update(invitations).set(link).where(eq(invitations.id, id)).returning();
  return row!;
}

/** Ends a pending invitation as revoked or declined; null when it was no longer pending. */
export async function endPending(db: Db, id: string, status: 'revoked' | 'declined') {
  const [row] = await db
    .update(invitations)
    .set({ status, respondedAt: new Date() })
    .where(and(eq(invitations.id, id), isPending))
    .returning();
  return row ?? null;
}

/** Claims a pending invitation as accepted: only one transaction gets true for it. */
export async function claimAccepted(tx: Tx, id: string) {
  const claimed = await tx
    .update(invitations)
    .set({ status: 'accepted', respondedAt: new Date() })
    .where(and(eq(invitations.id, id), isPending))
    .returning({ id: invitations.id });
  return claimed.length > 0;
}

export async function setAcceptedUser(tx: Tx, id: string, userId: string) {
  await tx.update(invitations).set({ acceptedUserId: userId }).where(eq(invitations.id, id));
}

/** The dealer's company name and the inviter's name, as a link's landing page shows them. */
export async function linkDetailsOf(db: Db, invitation: Pick<InvitationRow, 'dealerId' | 'invitedByUserId'>) {
  const partner = partnerRefs();
  const inviter = people('inviter');
  const [row] = await db
    .select({ dealerName: partner.companyName, inviter: inviter.name })
    .from(partner)
    .leftJoin(inviter, invitation.invitedByUserId ? eq(inviter.id, invitation.invitedByUserId) : sql`false`)
    .where(eq(partner.id, businessIdOfDealer(invitation.dealerId)));
  return row ?? null;
}
