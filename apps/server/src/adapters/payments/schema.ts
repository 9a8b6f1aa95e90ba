import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

/*
 * The test processor's own books (adapters/payments/index.ts: a processor keeps what it records outside the
 * portal's tables). The portal's modules never read these: they hold tokens and charge ids only.
 */

/**
 * A tokenized card. What the card shows, never its number or security code: the outcome a test number
 * stands for (`behaviour`) is kept instead, since the number that decides it is gone after tokenizing.
 */
export const processorCards = pgTable(
  'processor_cards',
  {
    token: text('token').primaryKey(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    name: text('name').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    /** 'succeed' or the decline code the test number stands for. */
    behaviour: text('behaviour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'processor_cards_behaviour',
      sql`${t.behaviour} in ('succeed', 'card_declined', 'incorrect_zip', 'insufficient_funds', 'expired_card', 'processing_error')`,
    ),
  ],
);

/** A bank account, usable once its micro-deposits are confirmed; the account number is kept as its last four. */
export const processorBankAccounts = pgTable(
  'processor_bank_accounts',
  {
    token: text('token').primaryKey(),
    last4: text('last4').notNull(),
    bankName: text('bank_name').notNull(),
    accountType: text('account_type').notNull(),
    ownerType: text('owner_type').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    status: text('status').notNull().default('unverified'),
    /** Wrong micro-deposit pairs so far; the third locks the account. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('processor_bank_accounts_status', sql`${t.status} in ('unverified', 'verified', 'locked')`),
    check('processor_bank_accounts_account_type', sql`${t.accountType} in ('CHECKING', 'SAVINGS')`),
    check('processor_bank_accounts_owner_type', sql`${t.ownerType} in ('INDIVIDUAL', 'COMPANY')`),
  ],
);

/**
 * A charge, declines included: a retry under the same idempotency key answers what the first try got.
 * `source` is a card or bank account token (no foreign key: it names either table).
 */
export const processorCharges = pgTable(
  'processor_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    source: text('source').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    declineCode: text('decline_code'),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('processor_charges_source_idx').on(t.source),
    check('processor_charges_status', sql`${t.status} in ('succeeded', 'voided', 'declined')`),
    check('processor_charges_amount', sql`${t.amountCents} > 0`),
    // The last guard against over-refunding, whatever the code above it does.
    check('processor_charges_refunded', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check('processor_charges_decline_code', sql`(${t.status} = 'declined') = (${t.declineCode} is not null)`),
  ],
);

/** A refund of part or all of a charge; the charge's refunded_cents is their sum. */
export const processorRefunds = pgTable(
  'processor_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => processorCharges.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('processor_refunds_charge_id_idx').on(t.chargeId),
    check('processor_refunds_amount', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A transfer to a connected account (Stripe Connect's `transfers.create`: the platform's balance to an installer's
 * payouts account), idempotent by key; `reversed` once taken back (Stripe's transfer reversal, in full).
 */
export const processorTransfers = pgTable(
  'processor_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The connected account (acct_…). */
    destination: text('destination').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    ...timestamps,
  },
  (t) => [
    index('processor_transfers_destination_idx').on(t.destination),
    check('processor_transfers_status', sql`${t.status} in ('paid', 'reversed')`),
    check('processor_transfers_amount', sql`${t.amountCents} > 0`),
  ],
);
