import { and, asc, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessages, homeSlides } from './schema.ts';

/** Stores a contact-us message; its id is the reference mailed to support. */
export async function insertContactMessage(tx: Tx, message: typeof contactMessages.$inferInsert) {
  const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

/** The carousel's slides showing at `now`: no window, or a window that includes now. */
export const slidesShowingAt = (db: Db, now: Date) =>
  db
    .select()
    .from(homeSlides)
    .where(
      and(
        or(isNull(homeSlides.startsAt), lte(homeSlides.startsAt, now)),
        or(isNull(homeSlides.endsAt), gt(homeSlides.endsAt, now)),
      ),
    )
    .orderBy(asc(homeSlides.position));
