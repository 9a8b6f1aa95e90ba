import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { mailOutbox, smsOutbox } from '../src/adapters/outbox-schema.ts';
import { businessPartners } from '../src/modules/business-partners/schema.ts';
import { accounts, users } from '../src/modules/users/schema.ts';
import { DEMO_PASSWORD } from '../src/seed/people.ts';
import { testPasswords } from './global-setup.ts';

/*
 * The data server tests read over and over: who an account is, and what the server mailed or texted
 * to an address (the offline adapters keep it in the outbox tables). Tests set data up through HTTP;
 * these only read, straight from the tables, what a test then checks.
 */

/** The user row of an e-mail (stored lowercased), or undefined. */
export const userByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0];

/** The id of an existing user; throws when no user has the e-mail, so a typo fails where it is. */
export async function idOf(db: Db, email: string) {
  const user = await userByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** The business partner of a SAP BP code; throws when there is none. */
export async function partnerByCode(db: Db, sapBpCode: string) {
  const [partner] = await db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, sapBpCode));
  if (!partner) throw new Error(`no business partner ${sapBpCode}`);
  return partner;
}

/** The business partner a user belongs to (a dealer's staff, a consumer), or undefined. */
export const partnerOf = async (db: Db, user: { businessPartnerId: string | null }) =>
  user.businessPartnerId
    ? (await db.select().from(businessPartners).where(eq(businessPartners.id, user.businessPartnerId)))[0]
    : undefined;

/** The mail sent to an address, newest first. */
export const mailsTo = (db: Db, to: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

/** The newest mail sent to an address, or undefined. */
export const lastMailTo = async (db: Db, to: string) => (await mailsTo(db, to).limit(1))[0];

/** The six-digit code of a mail or text message, or undefined. */
export const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1];

/** The code of the newest text message sent to a phone (E.164), or undefined. */
export const lastSmsCode = async (db: Db, to: string) =>
  codeIn(
    (await db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(desc(smsOutbox.createdAt)).limit(1))[0]
      ?.body,
  );

/** The link to `path` in a mail's text (links stand on a line of their own), or undefined. */
export function linkIn(text: string | undefined, path: string): URL | undefined {
  const links = text?.match(/https?:\/\/\S+/g) ?? [];
  return links.map((link) => new URL(link)).find((url) => url.pathname === path);
}

/**
 * Puts the demo password back on an account a test changed (straight into the credential row: the demo
 * password is itself refused as common for a NEW password, ASVS 6.2.4).
 */
export async function restoreDemoPassword(db: Db, email: string) {
  const userId = await idOf(db, email);
  await db
    .update(accounts)
    .set({ password: await testPasswords.hash(DEMO_PASSWORD) })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
}
