import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { processorTransfers } from './schema.ts';
import { PaymentRefusal } from './types.ts';

/**
 * Payouts onboarding (spec 02 §6; issue 30 §4), as Stripe Connect's account links work: a connected account
 * per installer, a single onboarding link that expires after a few minutes and is renewed when it has, and
 * a login link to the account's dashboard once onboarding is complete. The offline default is test mode:
 * its onboarding page is served locally (GET /api/payouts/test-onboarding/{token}) and completes the
 * onboarding with one button, as Stripe's test mode lets one skip the forms. A real processor plugs in
 * behind the same interface.
 */
export interface PayoutOnboarding {
  readonly kind: 'test' | 'stripe';
  /** A new connected account for a user (Stripe: accounts.create, type express). */
  createAccount(): Promise<{ accountId: string }>;
  /** A new onboarding link of the account (Stripe: accountLinks.create, type account_onboarding). */
  accountLink(accountId: string, now: Date): Promise<AccountLink>;
  /** The link to the account's dashboard, once onboarding is complete (Stripe: accounts.createLoginLink). */
  loginLink(accountId: string, token: string): Promise<string>;
}

export interface AccountLink {
  url: string;
  /** The secret the test-mode page is found by; a real processor's link has none of ours. */
  token: string;
  expiresAt: Date;
}

/** Stripe's account links last a few minutes; ours as long, so the demo can see one expire and renew. */
export const ONBOARDING_LINK_TTL_MS = 5 * 60_000;

/** The local page of the test processor's onboarding. */
export const testOnboardingPath = (token: string) => `/api/payouts/test-onboarding/${token}`;

export function createTestPayoutOnboarding(): PayoutOnboarding {
  return {
    kind: 'test',
    async createAccount() {
      return { accountId: `acct_test_${randomBytes(8).toString('hex')}` };
    },
    async accountLink(_accountId, now) {
      const token = randomBytes(24).toString('base64url');
      return { url: testOnboardingPath(token), token, expiresAt: new Date(now.getTime() + ONBOARDING_LINK_TTL_MS) };
    },
    async loginLink(_accountId, token) {
      // Test mode's "dashboard" is the same local page, which shows the completed account.
      return testOnboardingPath(token);
    },
  };
}

/**
 * Paying an installer (issue 30 §4): money moved to their connected account, as Stripe Connect's transfers do
 * (`transfers.create` with `destination`, idempotent by key; a reversal takes it back). The processor keeps them in
 * its own books (the test processor's `processor_transfers`), outside the portal's transactions, so a transfer made
 * just before a crash is still there to be found by its key.
 */
export interface PayoutTransfers {
  /** Sends `amountCents` to the connected account; the same key answers the same transfer. */
  transfer(request: TransferRequest): Promise<Transfer>;
  /** The transfer made under this key, if any (recovery asks before writing or giving up). */
  findTransfer(idempotencyKey: string): Promise<Transfer | null>;
  /** Takes a transfer back in full (idempotent: reversing twice is one reversal). */
  reverseTransfer(transferId: string): Promise<Transfer>;
}

export interface TransferRequest {
  idempotencyKey: string;
  /** The connected account (acct_…). */
  destination: string;
  amountCents: number;
  currency: 'USD' | 'CAD';
  description: string;
}

export interface Transfer {
  id: string;
  idempotencyKey: string;
  destination: string;
  amountCents: number;
  currency: string;
  status: 'paid' | 'reversed';
  createdAt: Date;
}

type TransferRow = typeof processorTransfers.$inferSelect;

const toTransfer = (row: TransferRow): Transfer => ({
  id: row.id,
  idempotencyKey: row.idempotencyKey,
  destination: row.destination,
  amountCents: row.amountCents,
  currency: row.currency,
  status: row.status as Transfer['status'],
  createdAt: row.createdAt,
});

/** The test processor's transfers: every connected account it made (acct_test_…) takes them; nothing leaves. */
export function createTestPayoutTransfers(db: Db): PayoutTransfers {
  const byKey = async (key: string) =>
    (await db.select().from(processorTransfers).where(eq(processorTransfers.idempotencyKey, key)))[0] ?? null;
  return {
    async transfer(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
        throw new RangeError(`A transfer is a whole number of cents above zero, not ${request.amountCents}.`);
      if (!request.destination.startsWith('acct_'))
        throw new PaymentRefusal('unknown_source', 'No such connected account.');
      const [inserted] = await db
        .insert(processorTransfers)
        .values({
          id: `tr_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          destination: request.destination,
          amountCents: request.amountCents,
          currency: request.currency,
          description: request.description,
          status: 'paid',
        })
        .onConflictDoNothing({ target: processorTransfers.idempotencyKey })
        .returning();
      // A request under the same key got there first: answer its transfer if it asked the same.
      const row = inserted ?? (await byKey(request.idempotencyKey))!;
      const same =
        row.destination === request.destination &&
        row.amountCents === request.amountCents &&
        row.currency === request.currency;
      if (!same)
        throw new PaymentRefusal(
          'idempotency_key_reused',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      return toTransfer(row);
    },
    async findTransfer(idempotencyKey) {
      const row = await byKey(idempotencyKey);
      return row ? toTransfer(row) : null;
    },
    async reverseTransfer(transferId) {
      const [row] = await db
        .update(processorTransfers)
        .set({ status: 'reversed' })
        .where(and(eq(processorTransfers.id, transferId), eq(processorTransfers.status, 'paid')))
        .returning();
      if (row) return toTransfer(row);
      const [found] = await db.select().from(processorTransfers).where(eq(processorTransfers.id, transferId));
      if (!found) throw new PaymentRefusal('unknown_charge', 'No such transfer.');
      return toTransfer(found);
    },
  };
}
