import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessPartners } from '../business-partners/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Which business a device was installed for (issue 28 §5: who may drive a device). Before a row exists,
 * whoever proves they hold the unit (the ICCID's last digits) may drive it; after, only that business's
 * people and a rep acting for it. The device cloud knows the device; the portal knows whose it is.
 */
export const deviceInstallations = pgTable(
  'device_installations',
  {
    deviceKey: text('device_key').primaryKey(),
    businessPartnerId: uuid('business_partner_id')
      .notNull()
      .references(() => businessPartners.id),
    installedByUserId: text('installed_by_user_id').references(() => users.id),
    /** Installer user ids who took part (PATCH device/install involved_installers). */
    involvedInstallers: jsonb('involved_installers').$type<string[]>().notNull().default([]),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The car it went into (the install's `vehicle`, issue 29 §5): the device list finds a device by VIN.
     * Each part as the installer gave it; null when the install said nothing of it.
     */
    vin: text('vin'),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
  },
  // The device list (issue 29 §5): a business's devices, newest first.
  (t) => [index('device_installations_business_installed').on(t.businessPartnerId, t.installedAt)],
);

/**
 * Every call that acts on a device (issue 28 §5): who, acting for whom, for which business, when, what
 * and what the cloud answered. This is the device's history the activation screens show.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceKey: text('device_key').notNull(),
    /** Null for a guest (activation allows optional login). */
    userId: text('user_id').references(() => users.id),
    /** The dealer primary a rep impersonated, else null. */
    actingUserId: text('acting_user_id').references(() => users.id),
    businessPartnerId: uuid('business_partner_id').references(() => businessPartners.id),
    /** What was asked: the command name or the call ('send-command:arm', 'pin', 'swap', …). */
    action: text('action').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    /** The cloud's job id, when the call made one. */
    jobId: text('job_id'),
    /** The job's status, or 'ok' / a refusal code for calls without a job. */
    status: text('status').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The activation and its step that sent the call (issue 29 §5), as the caller's X-Activation-Step named
     * them; null outside an activation. No foreign key: the activations module owns its table, and the
     * device's history pairs a command with an activation of the same device and person only.
     */
    activationId: uuid('activation_id'),
    activationStep: text('activation_step'),
  },
  (t) => [
    index('device_commands_device_created').on(t.deviceKey, t.createdAt),
    index('device_commands_job').on(t.jobId),
  ],
);

/**
 * What a device's watchers see (issue 28 §4), in the order it happened: rows with increasing ids that any
 * instance streams (GET /api/device/{key}/events), woken by the change feed ('device:<key>' notices, the
 * trigger of this table's migration), resumed by Last-Event-ID. Copied from the cloud's events once each
 * (cloud_event_id unique), by whichever instance hears them first.
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceKey: text('device_key').notNull(),
    cloudEventId: bigint('cloud_event_id', { mode: 'number' }).unique(),
    /** 'job' | 'firmware' | 'log' | 'shadow' | 'test' */
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_events_device_id').on(t.deviceKey, t.id)],
);

/** Wrong proofs of possession (ICCID digits), per device and per address, to refuse guessing (issue 28 §5). */
export const deviceProofFailures = pgTable(
  'device_proof_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceKey: text('device_key').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_proof_failures_device_at').on(t.deviceKey, t.at),
    index('device_proof_failures_ip_at').on(t.ip, t.at),
  ],
);

export type DeviceCommandRow = typeof deviceCommands.$inferSelect;
export type DeviceEventRow = typeof deviceEvents.$inferSelect;
