/**
 * `/jobs` (italian-invoicing spec 2 "Jobs screen"): the account's jobs (today the invoice
 * downloads of massive imports) with their filters (created, started, scheduled and completed
 * ranges, the created one the last 30 days by default; status, type, fiscal id, which the
 * business registry's 'view jobs' sets through the address), the table and the details dialog
 * through the URL. The list is asked for again while it is open (quickly while a job waits or
 * runs); a failed job can be run again from its row.
 */
import type { ItJob } from '@fiscus/contracts';
import InfoIcon from '@mui/icons-material/Info';
import ReplayIcon from '@mui/icons-material/Replay';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { jobQueries } from '../api/job-queries';
import { defaultJobFilters, pollJobList, toJobListQuery } from '../model/job-filters';
import { JOBS_TABLE_KEY, jobColumns, jobFilterInputs } from './job-columns';
import { lazyPart } from '../../../lib/lazy-part';
import { LOCATION_NAMESPACES } from '../../../lib/invoice-location';

/** `?dialogId=job&dialog_uuid=…` opens a job's details over the list (a link reopens it). */
const JOB_DIALOG_ID = 'job';
/** The details dialog loads when opened, or ahead once the rows show. */
const JobDetailsDialog = lazyPart(
  () => import('./job-details-dialog').then((module) => module.JobDetailsDialog),
  ['jobs', ...LOCATION_NAMESPACES],
);
const PARTS = [JobDetailsDialog];
import { useRerunAction } from './use-rerun-action';

const jobId = (job: ItJob) => job.uuid;

export default function JobsPage() {
  // Computed once per visit: the default window must not move while the user works.
  const [defaultFilters] = useState(() => defaultJobFilters(dayjs()));
  const list = useListState(JOBS_TABLE_KEY, { defaultFilters });
  const query = useMemo(() => toJobListQuery(list.queryParams), [list.queryParams]);
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(jobQueries.list(query));
  const { t } = useTranslation(['jobs', 'listKit']);
  const language = currentLanguage();
  const jobs = useQuery({
    ...jobQueries.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => pollJobList(current.state.data?.items),
  });
  const details = useUrlDialog(JOB_DIALOG_ID, ['uuid']);
  const rerun = useRerunAction();

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      filters={jobFilterInputs(t)}
      query={jobs}
      columns={jobColumns({
        t,
        language,
        detailsHref: (uuid) => details.href({ uuid }),
        onShowDetails: (uuid) => details.open({ uuid }),
      })}
      getRowId={jobId}
      prefetch={PARTS}
      rowActions={(job) => [
        {
          id: 'details',
          label: t('actions.details'),
          icon: InfoIcon,
          onClick: () => details.open({ uuid: job.uuid }),
        },
        {
          id: 'rerun',
          label: t('actions.rerun'),
          icon: ReplayIcon,
          hidden: !rerun.allowed(job),
          disabled: rerun.isPending,
          onClick: () => rerun.rerun(job),
        },
      ]}
    >
      {details.data && <JobDetailsDialog uuid={details.data.uuid} onClose={details.close} />}
    </ResourceListPage>
  );
}
