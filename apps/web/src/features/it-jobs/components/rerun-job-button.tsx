/** The details dialog's 'run again' button: shown for a failed job to a user who may rerun it. */
import type { ItJob } from '@fiscus/contracts';
import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useRerunAction } from './use-rerun-action';

export function RerunJobButton({ job }: { job: Pick<ItJob, 'uuid' | 'status'> }) {
  const { t } = useTranslation('jobs');
  const rerun = useRerunAction();
  if (!rerun.allowed(job)) return null;
  return (
    <Button
      variant="contained"
      startIcon={<ReplayIcon />}
      disabled={rerun.isPending}
      onClick={() => rerun.rerun(job)}
      sx={{ mt: 3 }}
    >
      {t('actions.rerun')}
    </Button>
  );
}
