/**
 * The jobs table's columns and filters (italian-invoicing spec 2 "Jobs screen", 3 "Job"): the
 * status as a coloured chip (a spinner while the job waits or runs), the fiscal id, the four
 * timestamps through the list kit's helper (dd MMM yyyy HH:mm:ss, wrapping between date and
 * time), the days the download covers and what it imported. The uuid opens the details dialog
 * through a real link.
 */
import { jobStatuses, jobTypes } from '@fiscus/contracts';
import type { ItJob, JobStatusName } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { TFunction } from 'i18next';
import { DialogLink, formatListDate, WrappingTimestamp } from '../../../components/list-kit';
import type { DataTableColumn, FilterInput } from '../../../components/list-kit';
import { isTransientJob } from '../model/job-filters';

/** Key of this table's column choices and kept filters in localStorage. */
export const JOBS_TABLE_KEY = 'it-jobs';

const statusColours: Record<JobStatusName, 'default' | 'info' | 'success' | 'error'> = {
  READY: 'default',
  STARTED: 'info',
  COMPLETED: 'success',
  ERROR: 'error',
};

export function JobStatusChip({ job, t }: { job: Pick<ItJob, 'status'>; t: TFunction }) {
  return (
    <Chip
      size="small"
      color={statusColours[job.status]}
      variant={job.status === 'READY' ? 'outlined' : 'filled'}
      icon={
        isTransientJob(job) ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined
      }
      label={t(`statuses.${job.status}`)}
    />
  );
}

export function jobFilterInputs(t: TFunction): FilterInput[] {
  const range = (name: string) =>
    ({
      kind: 'dateRange',
      label: t(`fields.${name}`),
      fromName: `${name}[after]`,
      toName: `${name}[before]`,
    }) as const;
  return [
    range('created_at'),
    {
      kind: 'select',
      name: 'status',
      label: t('fields.status'),
      options: jobStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
    },
    {
      kind: 'select',
      name: 'type',
      label: t('fields.type'),
      options: jobTypes.map((type) => ({ value: type, label: t(`types.${type}`) })),
    },
    { kind: 'text', name: 'fiscal_id', label: t('fields.fiscal_id') },
    range('scheduled_at'),
    range('started_at'),
    range('completed_at'),
  ];
}

const noWrap = { whiteSpace: 'nowrap' } as const;

interface JobColumnsOptions {
  t: TFunction;
  language: string;
  detailsHref: (uuid: string) => string;
  onShowDetails: (uuid: string) => void;
}

export function jobColumns({
  t,
  language,
  detailsHref,
  onShowDetails,
}: JobColumnsOptions): DataTableColumn<ItJob>[] {
  const time = (value: string | null) =>
    value ? <WrappingTimestamp value={value} language={language} /> : '';
  return [
    {
      id: 'uuid',
      label: t('fields.uuid'),
      breakAnywhere: true,
      render: (job) => (
        <DialogLink
          href={detailsHref(job.uuid)}
          onOpen={() => onShowDetails(job.uuid)}
          sx={{ fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' }}
        >
          {job.uuid.slice(0, 8)}
        </DialogLink>
      ),
    },
    {
      id: 'type',
      label: t('fields.type'),
      // One type today (the invoice download): shown on demand, and in the details.
      defaultHidden: true,
      render: (job) => t(`types.${job.type}`),
    },
    { id: 'status', label: t('fields.status'), render: (job) => <JobStatusChip job={job} t={t} /> },
    { id: 'fiscal_id', label: t('fields.fiscal_id'), render: (job) => job.fiscal_id },
    {
      id: 'period',
      label: t('fields.period'),
      // One day per line: the range stays readable in a narrow column.
      render: (job) => (
        <Box component="span" sx={noWrap}>
          {formatListDate(job.parameters.from, language)}
          <br />
          {formatListDate(job.parameters.to, language)}
        </Box>
      ),
    },
    {
      id: 'daily',
      label: t('fields.daily'),
      render: (job) => (job.parameters.daily ? t('values.daily') : t('values.onDemand')),
    },
    {
      id: 'imported',
      label: t('fields.imported'),
      align: 'right',
      render: (job) => (job.output ? job.output.imported.length : ''),
    },
    {
      id: 'failed',
      label: t('fields.failed'),
      align: 'right',
      render: (job) => (job.output ? job.output.failed.length : ''),
    },
    {
      id: 'created_at',
      label: t('fields.created_at'),
      orderField: 'created_at',
      render: (job) => time(job.created_at),
    },
    {
      id: 'schedule_at',
      label: t('fields.scheduled_at'),
      orderField: 'schedule_at',
      defaultHidden: true,
      render: (job) => time(job.schedule_at),
    },
    {
      id: 'started_at',
      label: t('fields.started_at'),
      defaultHidden: true,
      render: (job) => time(job.started_at),
    },
    {
      id: 'completed_at',
      label: t('fields.completed_at'),
      orderField: 'completed_at',
      // The status says whether it finished, moments after it started: the time is in the
      // details, and this column on demand (the list fits 1440 px in Polish without it).
      defaultHidden: true,
      render: (job) => time(job.completed_at),
    },
  ];
}
