import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const jobStatuses = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * The job queue before pg-boss (whose tables are in the `pgboss` schema, platform/jobs). Nothing
 * writes here any more: the jobs left waiting move into pg-boss on start (legacy-jobs.ts), and a
 * later migration drops the table.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** First retry delay; doubles on each further attempt. */
    backoffMs: integer('backoff_ms').notNull().default(1000),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one pending or running job of a type holds a given key. */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    index('jobs_status_idx').on(table.status, table.type),
    uniqueIndex('jobs_singleton_idx')
      .on(table.type, table.singletonKey)
      .where(sql`${table.status} in ('pending', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

/** Mails kept instead of sent when no SMTP_URL is configured (listed at /api/dev/outbox). */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_mails_created_idx').on(table.createdAt)],
);
