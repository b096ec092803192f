/**
 * The 'run again' action of a failed job, for the list's rows and the details dialog: the
 * request, and what the user is told (started again; already waiting or running; failed).
 */
import type { ItJob } from '@fiscus/contracts';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/hydra';
import { useCan } from '../../../lib/roles';
import { useRerunJob } from '../api/use-rerun-job';
import { mayRerunJob } from '../model/job-access';

export function useRerunAction() {
  const { t } = useTranslation('jobs');
  const { enqueueSnackbar } = useSnackbar();
  const access = useCan();
  const mutation = useRerunJob();
  return {
    allowed: (job: Pick<ItJob, 'status'>) => mayRerunJob(access, job),
    isPending: mutation.isPending,
    rerun: (job: Pick<ItJob, 'uuid'>) =>
      mutation.mutate(job.uuid, {
        onSuccess: () => enqueueSnackbar(t('rerun.started'), { variant: 'success' }),
        onError: (error) =>
          enqueueSnackbar(
            error instanceof ApiError && error.status === 409
              ? t('rerun.conflict')
              : t('rerun.error'),
            { variant: 'error' },
          ),
      }),
  };
}
