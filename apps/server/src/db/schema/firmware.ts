import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chargePoints, commandRecords } from './charge-points.js';
import { operators } from './operators.js';
import { users } from './users.js';

/** requestIds of SignedUpdateFirmware: unique across campaigns and commands sent by hand. */
export const signedFirmwareRequestIds = pgSequence('signed_firmware_request_ids', {
  startWith: 1,
  maxValue: 2_147_483_647,
  cycle: true,
});

/** A firmware image staff uploaded (`/management/firmware/upload`); the file lives in the file store. */
export const firmwares = pgTable(
  'firmwares',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    fileName: text('file_name').notNull(),
    version: text('version').notNull(),
    /** The brand it fits; null fits any. */
    brand: text('brand'),
    /** The models of that brand it fits; empty fits every model. */
    models: jsonb('models').$type<string[]>().notNull().default([]),
    description: text('description'),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Its key in the file store: `firmware/<random>/<file name>`. */
    storeKey: text('store_key').notNull(),
    /**
     * A signed image (security edition): the PEM certificate whose key signed it and the
     * signature (base64) of its bytes. Campaigns send a signed image with SignedUpdateFirmware.
     */
    signingCertificate: text('signing_certificate'),
    signature: text('signature'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted images keep their record, so the campaigns that sent them still read whole. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('firmwares_operator_idx').on(t.operatorId, t.createdAt)],
);

/** One image sent to chosen chargers in batches (`/management/firmware/update`). */
export const firmwareCampaigns = pgTable(
  'firmware_campaigns',
  {
    id: serial('id').primaryKey(),
    /** The firmware's operator: the campaign's tenant. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    firmwareId: integer('firmware_id')
      .notNull()
      .references(() => firmwares.id),
    name: text('name'),
    /** running | paused | completed | cancelled */
    state: text('state').notNull().default('running'),
    pauseReason: text('pause_reason'),
    /** ftp | http */
    transport: text('transport').notNull(),
    retrieveDate: timestamp('retrieve_date', { withTimezone: true }),
    retries: integer('retries').notNull(),
    retryInterval: integer('retry_interval').notNull(),
    batchSize: integer('batch_size'),
    failureThresholdPercent: integer('failure_threshold_percent').notNull(),
    /** The batch being sent; the next one goes once every charger of this one has finished. */
    currentBatch: integer('current_batch').notNull().default(1),
    /** Sent and failed chargers when staff last resumed: the threshold counts what came after. */
    sentAtResume: integer('sent_at_resume').notNull().default(0),
    failedAtResume: integer('failed_at_resume').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('firmware_campaigns_state_idx').on(t.state),
    index('firmware_campaigns_firmware_idx').on(t.firmwareId),
  ],
);

/** One charger in a campaign, with what became of it (states: CAMPAIGN_TARGET_STATES). */
export const firmwareCampaignTargets = pgTable(
  'firmware_campaign_targets',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => firmwareCampaigns.id, { onDelete: 'cascade' }),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    state: text('state').notNull().default('queued'),
    versionBefore: text('version_before'),
    versionAfter: text('version_after'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a charger that has not finished by then is timed out. */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** The requestId of the SignedUpdateFirmware sent to the charger (its SignedFirmwareStatusNotifications carry it). */
    requestId: integer('request_id'),
    commandRecordId: integer('command_record_id').references(() => commandRecords.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firmware_targets_campaign_cp_uq').on(t.campaignId, t.chargePointId),
    index('firmware_targets_cp_idx').on(t.chargePointId, t.id),
    index('firmware_targets_open_idx')
      .on(t.state)
      .where(
        sql`state not in ('confirmed','cancelled','DownloadFailed','InstallationFailed','versionMismatch','commandFailed','timedOut','InvalidCertificate','InvalidSignature','InstallVerificationFailed')`,
      ),
  ],
);
