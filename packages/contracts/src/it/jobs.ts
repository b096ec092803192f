import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';
import { violationSchema } from '../platform/problem.ts';

/*
 * Jobs of the Italian service (italian-invoicing spec 2 jobs screen, 3 Job, 7 `GET /jobs`,
 * `GET /jobs/{uuid}`): today only the invoice download from the cassetto fiscale, daily while
 * its schedule is active or started on demand.
 */

export const jobStatuses = ['READY', 'STARTED', 'COMPLETED', 'ERROR'] as const;
export type JobStatusName = (typeof jobStatuses)[number];

export const jobTypes = ['invoice_download'] as const;
export type JobType = (typeof jobTypes)[number];

/** Which invoices a download reads from the cassetto: those received (supplier invoices). */
export const downloadInvoiceTypes = ['supplier'] as const;

/** What a download job was asked: the Europe/Rome days from and to (included), daily or one-off. */
export const jobParametersSchema = z.object({
  from: z.string().meta({ description: 'First Europe/Rome day of the range (YYYY-MM-DD).' }),
  to: z.string().meta({ description: 'Last Europe/Rome day of the range (YYYY-MM-DD).' }),
  daily: z.boolean().meta({ description: 'Started by the daily schedule (false: on demand).' }),
  invoice_type: z.enum(downloadInvoiceTypes),
});
export type JobParameters = z.infer<typeof jobParametersSchema>;

const downloadedFileSchema = z.object({ sdi_id: z.string(), file_name: z.string() });

/**
 * The results a finished download reports, as stable keys with their English sentence: the
 * output stores the key and its parameters (the console words them in the user's language) and
 * this sentence for API users. `{name}` is a parameter.
 */
export const JOB_RESULTS = {
  portalUnreachable:
    'The tax portal could not be read: the download failed after every attempt. Run it again later.',
  portalNotConnected: 'This instance is not connected to the tax portal: no download can run.',
  credentialsMissing:
    "No Fisconline credentials are stored for {fiscal_id}: store them in the business registry's tax drawer (cassetto fiscale) tab, then run the download again.",
  credentialsRefused:
    "The tax portal refused the Fisconline credentials stored for {fiscal_id}: update them in the business registry's tax drawer (cassetto fiscale) tab.",
  noInvoices: 'No supplier invoices in the cassetto fiscale for these days.',
  summary:
    '{count} supplier invoices found in the cassetto fiscale: {imported} imported, {skipped} already imported, {failed} failed.',
} as const;
export type JobResultKey = keyof typeof JOB_RESULTS;
export const jobResultKeys = Object.keys(JOB_RESULTS) as [JobResultKey, ...JobResultKey[]];

export type JobResultParameters = Record<string, string | number>;

/** A job result as stored: the key, its parameters and the English sentence they make. */
export function jobResult(
  key: JobResultKey,
  parameters: JobResultParameters = {},
): { message: string; message_key: JobResultKey; message_parameters: JobResultParameters } {
  const message = JOB_RESULTS[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in parameters ? String(parameters[name]) : whole,
  );
  return { message, message_key: key, message_parameters: parameters };
}

/** What a finished job did: a summary sentence, the invoices imported, skipped and failed. */
export const jobOutputSchema = z.object({
  /** The result in English (for API users; the console words `message_key`). */
  message: z.string(),
  /** The result as a stable key; absent in outputs stored before keys were. */
  message_key: z.enum(jobResultKeys).optional(),
  message_parameters: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  imported: z.array(downloadedFileSchema.extend({ invoice_uuid: z.uuid() })),
  /** Already among the supplier invoices (same SDI id): not imported again. */
  skipped: z.array(downloadedFileSchema),
  failed: z.array(
    downloadedFileSchema.extend({
      /** Why, in English (the violations joined). */
      reason: z.string(),
      /** Why, as the import's violations (stable codes and keys); absent in older outputs. */
      violations: z.array(violationSchema).optional(),
    }),
  ),
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

export const jobSchema = z.object({
  uuid: z.uuid(),
  type: z.enum(jobTypes),
  status: z.enum(jobStatuses),
  fiscal_id: z.string(),
  created_at: timestampField,
  schedule_at: timestampField,
  started_at: timestampField.nullable(),
  completed_at: timestampField.nullable(),
  parameters: jobParametersSchema,
  output: jobOutputSchema.nullable(),
});
export type ItJob = z.infer<typeof jobSchema>;

const dateBound = z
  .string()
  .max(40)
  .optional()
  .meta({ description: 'ISO 8601 date or date-time; one without a zone is read as UTC.' });

/** `GET /jobs`: API Platform filters (the console's jobs screen sends these). */
export const jobListQuerySchema = paginationQuerySchema.extend({
  'created_at[after]': dateBound,
  'created_at[before]': dateBound,
  'started_at[after]': dateBound,
  'started_at[before]': dateBound,
  'scheduled_at[after]': dateBound,
  'scheduled_at[before]': dateBound,
  'completed_at[after]': dateBound,
  'completed_at[before]': dateBound,
  status: z.enum(jobStatuses).optional(),
  type: z.enum(jobTypes).optional(),
  fiscal_id: z.string().max(64).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobParamsSchema = z.object({ uuid: z.string() });
