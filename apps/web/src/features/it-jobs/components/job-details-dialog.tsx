/**
 * The details dialog of a job (italian-invoicing spec 2, 3), through the URL
 * (`?dialogId=job&dialog_uuid=…`): its fields, the parameters it was given (the days, daily or on
 * demand, the type of invoice) and its output: the summary, the supplier invoices it imported
 * (each a link to the invoice's details), those it skipped as already here and those it could not
 * read, with why (the summary and the reasons in the user's language: model/job-result). It asks
 * again while the job waits or runs.
 */
import type { ItJob } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  dialogHref,
  DetailsDialog,
  DetailsList,
  formatListDate,
  formatListTimestamp,
} from '../../../components/list-kit';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { LOCATION_NAMESPACES } from '../../../lib/invoice-location';
import { jobQueries } from '../api/job-queries';
import { pollWhileJobsRun } from '../model/job-filters';
import { failedFileReason, jobResultMessage } from '../model/job-result';
import { JobStatusChip } from './job-columns';
import { RerunJobButton } from './rerun-job-button';

/** An imported invoice's details dialog on the supplier invoice list. */
export function supplierInvoiceHref(invoiceUuid: string): string {
  return dialogHref('/supplier-invoice', 'invoice', { uuid: invoiceUuid });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function JobFields({ job, t, language }: { job: ItJob; t: TFunction; language: string }) {
  const time = (value: string | null) => (value ? formatListTimestamp(value, language) : '');
  return (
    <DetailsList
      items={[
        { label: t('fields.uuid'), value: <Box sx={{ fontFamily: 'monospace' }}>{job.uuid}</Box> },
        { label: t('fields.type'), value: t(`types.${job.type}`) },
        { label: t('fields.status'), value: <JobStatusChip job={job} t={t} /> },
        { label: t('fields.fiscal_id'), value: job.fiscal_id },
        { label: t('fields.created_at'), value: time(job.created_at) },
        { label: t('fields.scheduled_at'), value: time(job.schedule_at) },
        { label: t('fields.started_at'), value: time(job.started_at) },
        { label: t('fields.completed_at'), value: time(job.completed_at) },
      ]}
    />
  );
}

function JobParameters({ job, t, language }: { job: ItJob; t: TFunction; language: string }) {
  const { parameters } = job;
  return (
    <Section title={t('details.parameters')}>
      <DetailsList
        items={[
          { label: t('fields.from'), value: formatListDate(parameters.from, language) },
          { label: t('fields.to'), value: formatListDate(parameters.to, language) },
          {
            label: t('fields.daily'),
            value: parameters.daily ? t('values.daily') : t('values.onDemand'),
          },
          { label: t('fields.invoice_type'), value: t(`invoiceTypes.${parameters.invoice_type}`) },
        ]}
      />
    </Section>
  );
}

function JobOutput({ job, t }: { job: ItJob; t: TFunction }) {
  const { output } = job;
  if (!output) {
    return (
      <Section title={t('details.output')}>
        <Typography color="text.secondary">{t('details.noOutput')}</Typography>
      </Section>
    );
  }
  return (
    <Section title={t('details.output')}>
      <Typography>{jobResultMessage(i18n, output)}</Typography>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('details.imported', { count: output.imported.length })}
      </Typography>
      {output.imported.length > 0 && (
        <List dense aria-label={t('details.importedList')}>
          {output.imported.map((file) => (
            <ListItem key={file.invoice_uuid} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={supplierInvoiceHref(file.invoice_uuid)}>
                    {file.file_name}
                  </Link>
                }
                secondary={t('details.sdiId', { sdiId: file.sdi_id })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('details.skipped', { count: output.skipped.length })}
      </Typography>
      {output.skipped.length > 0 && (
        <List dense aria-label={t('details.skippedList')}>
          {output.skipped.map((file) => (
            <ListItem key={file.sdi_id} disableGutters>
              <ListItemText
                primary={file.file_name}
                secondary={t('details.sdiId', { sdiId: file.sdi_id })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('details.failed', { count: output.failed.length })}
      </Typography>
      {output.failed.length > 0 && (
        <List dense aria-label={t('details.failedList')}>
          {output.failed.map((file) => (
            <ListItem key={file.sdi_id} disableGutters>
              <ListItemText
                primary={file.file_name}
                secondary={`${t('details.sdiId', { sdiId: file.sdi_id })} · ${failedFileReason(i18n, file)}`}
                slotProps={{ secondary: { color: 'error' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

export function JobDetailsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  // The result's invoice locations read the invoice form's labels: loaded before it shows.
  const { t } = useTranslation(['jobs', ...LOCATION_NAMESPACES]);
  const language = currentLanguage();
  const job = useQuery({
    ...jobQueries.detail(uuid),
    refetchInterval: (current) => pollWhileJobsRun(current.state.data && [current.state.data]),
  });
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={t('details.title')}
      isLoading={job.isPending}
      isError={job.isError}
      maxWidth="md"
    >
      {job.data && (
        <>
          <JobFields job={job.data} t={t} language={language} />
          <JobParameters job={job.data} t={t} language={language} />
          <JobOutput job={job.data} t={t} />
          <RerunJobButton job={job.data} />
        </>
      )}
    </DetailsDialog>
  );
}
