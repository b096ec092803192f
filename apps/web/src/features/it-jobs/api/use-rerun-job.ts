import type { ItJob } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { jobPath, jobQueries } from './job-queries';

/**
 * `POST /jobs/{uuid}/rerun`: a job that ended in ERROR goes back to READY and runs again. The
 * list and the job's details are read again, and poll while it waits or runs.
 */
export function useRerunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<ItJob>('it', `${jobPath(uuid)}/rerun`, { method: 'POST', as: 'json' }),
    onSuccess: (job) => {
      queryClient.setQueryData(jobQueries.detail(job.uuid).queryKey, job);
      return queryClient.invalidateQueries({ queryKey: jobQueries.all() });
    },
  });
}
