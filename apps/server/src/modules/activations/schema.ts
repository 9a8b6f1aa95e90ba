import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ActivationStep, ActivationStepState } from '@portal/contracts/activation';
import type { ActivationType } from '@portal/contracts/devices';
import { businessPartners } from '../business-partners/schema.ts';
import { users } from '../users/schema.ts';

/** A step's state as stored: the contract's, with when it was last written. */
export type StoredStepState = ActivationStepState & { updated_at: string };

/**
 * Issue 29 §3 "Never lose the installer's place": an activation's steps, where it stands and what each step
 * did, on the server beside the phone's local storage, so a reload, a lost connection or another phone of the
 * same installer resumes it (docs/decisions.md "Activation steps and the activation record (issue 29)").
 * Its owner is the signed-in user who started it, or, for a guest, whoever holds the token its start
 * answered once: only the token's hash is kept.
 */
export const activations = pgTable(
  'activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceKey: text('device_key').notNull(),
    activationType: text('activation_type').$type<ActivationType>().notNull(),
    /** contracts' activationSteps(type, device, { advanced }) at the start or the last restart. */
    steps: jsonb('steps').$type<ActivationStep[]>().notNull(),
    currentStep: text('current_step').$type<ActivationStep>().notNull(),
    stepStates: jsonb('step_states').$type<Partial<Record<ActivationStep, StoredStepState>>>().notNull().default({}),
    advanced: boolean('advanced').notNull(),
    /** 'in_progress' | 'completed' | 'abandoned' */
    status: text('status').$type<'in_progress' | 'completed' | 'abandoned'>().notNull().default('in_progress'),
    /** Optimistic concurrency: every change adds one; a write naming another version is refused. */
    version: integer('version').notNull().default(0),
    /** Null for a guest (activation allows optional login, spec 01 §2.2). */
    userId: text('user_id').references(() => users.id),
    /** The business the signed-in caller acted for (the actor's), if any. */
    businessPartnerId: uuid('business_partner_id').references(() => businessPartners.id),
    /** SHA-256 (hex) of a guest's token; the token itself is answered once and never stored. */
    guestTokenHash: text('guest_token_hash').unique(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('activations_user_started').on(t.userId, t.startedAt),
    index('activations_device_started').on(t.deviceKey, t.startedAt),
    // A double tap makes one record: one open activation per person, device and type.
    uniqueIndex('activations_open_per_user')
      .on(t.userId, t.deviceKey, t.activationType)
      .where(sql`${t.status} = 'in_progress' and ${t.userId} is not null`),
  ],
);

export type ActivationRow = typeof activations.$inferSelect;
