/**
 * The uploads of this visit and how far the transfer service has read each (spec 2: a zip of
 * many invoices is processed file by file, with progress on the transfers screen): files read
 * out of the files it holds, how many have violations and how many were sent, as the service
 * counts them. Each asks again until its upload is processed, then the list is read again and
 * the line can be dismissed.
 */
import type { TransferUploaded } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { transferQueries, uploadProgressQuery } from '../api/transfer-queries';
import { PROCESSING_POLL_MS, uploadProgress } from '../model/upload-progress';

function UploadLine({ upload, onDismiss }: { upload: TransferUploaded; onDismiss: () => void }) {
  const { t } = useTranslation('invoiceTransfers');
  const queryClient = useQueryClient();
  const counts = useQuery({
    ...uploadProgressQuery(upload.uuid),
    refetchInterval: (query) =>
      uploadProgress(query.state.data).done ? false : PROCESSING_POLL_MS,
  });
  const progress = uploadProgress(counts.data ?? undefined);
  // Until the service first answers, the upload's own answer says how many files it holds.
  const total = progress.total ?? (counts.data ? null : upload.total);
  useEffect(() => {
    if (progress.done) void queryClient.invalidateQueries({ queryKey: transferQueries.lists() });
  }, [progress.done, queryClient]);

  const name = t('progress.file', { name: upload.original_file_name, folder: upload.reference });
  const readText =
    total === null
      ? t('progress.readUnknown', { count: progress.read })
      : t('progress.read', { count: total, read: progress.read });
  const outcome = t('progress.outcome', {
    sent: progress.sent,
    violations: progress.withViolations,
  });
  const percent =
    total === null || total === 0 ? undefined : Math.round((progress.read * 100) / total);
  return (
    <Alert
      severity={progress.done ? (progress.withViolations > 0 ? 'warning' : 'success') : 'info'}
      onClose={progress.done ? onDismiss : undefined}
      slotProps={{
        closeButton: { 'aria-label': t('progress.dismiss', { name: upload.original_file_name }) },
      }}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Typography variant="body2">
        {progress.done ? t('progress.done') : t('progress.reading')} · {readText} · {outcome}
      </Typography>
      {!progress.done && (
        <LinearProgress
          sx={{ mt: 1 }}
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={name}
        />
      )}
    </Alert>
  );
}

export function UploadProgressPanel({
  uploads,
  onDismiss,
}: {
  uploads: readonly TransferUploaded[];
  onDismiss: (uuid: string) => void;
}) {
  const { t } = useTranslation('invoiceTransfers');
  if (uploads.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} role="region" aria-label={t('progress.title')}>
      {uploads.map((upload) => (
        <UploadLine key={upload.uuid} upload={upload} onDismiss={() => onDismiss(upload.uuid)} />
      ))}
    </Stack>
  );
}
