import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { itBusinessRegistryConfigurations } from './it-integrations.ts';
import { users } from './users.ts';

/*
 * The invoice-download ("massive imports") schedules of business registries and the jobs of the
 * Italian service (italian-invoicing spec 3 Job). Both belong to the business (`businessOf`).
 * The older `jobs` table of platform.ts is the legacy queue, unrelated.
 */

/**
 * One schedule per registry: while enabled, a daily job downloads the registry's supplier
 * invoices from the cassetto fiscale. valid_until is the last Europe/Rome day it runs; when it
 * passes the schedule is extended by a year (auto_renew) or disabled.
 */
export const itDownloadSchedules = pgTable(
  'it_download_schedules',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registryUuid: uuid('registry_uuid')
      .notNull()
      .references(() => itBusinessRegistryConfigurations.uuid, { onDelete: 'cascade' }),
    fiscalId: text('fiscal_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    validUntil: date('valid_until', { mode: 'string' }),
    autoRenew: boolean('auto_renew').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('it_download_schedules_registry_unique').on(table.registryUuid),
    uniqueIndex('it_download_schedules_owner_fiscal_unique').on(table.ownerId, table.fiscalId),
    // The daily planner reads the enabled schedules only.
    index('it_download_schedules_enabled_idx')
      .on(table.validUntil)
      .where(sql`${table.enabled}`),
  ],
);
export type ItDownloadScheduleRow = typeof itDownloadSchedules.$inferSelect;
export type NewItDownloadScheduleRow = typeof itDownloadSchedules.$inferInsert;

/**
 * A job as the API shows it (READY → STARTED → COMPLETED or ERROR), with its parameters and what
 * it did. The background run itself is a pg-boss job that names this row. daily_of is the Rome
 * day a daily download covers: one per registry and day, however often the planner runs.
 */
export const itJobs = pgTable(
  'it_jobs',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('READY'),
    fiscalId: text('fiscal_id').notNull(),
    parameters: jsonb('parameters').notNull(),
    output: jsonb('output'),
    dailyOf: date('daily_of', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    scheduleAt: timestamp('schedule_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('it_jobs_owner_created_idx').on(table.ownerId, table.createdAt),
    index('it_jobs_owner_fiscal_idx').on(table.ownerId, table.fiscalId, table.createdAt),
    uniqueIndex('it_jobs_daily_unique').on(table.ownerId, table.fiscalId, table.dailyOf),
  ],
);
export type ItJobRow = typeof itJobs.$inferSelect;
export type NewItJobRow = typeof itJobs.$inferInsert;
