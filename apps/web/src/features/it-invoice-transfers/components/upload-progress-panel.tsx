/**
 * The uploads of this visit and how far the transfer service has read each (spec 2: a zip of
 * many invoices is processed file by file, with progress on the transfers screen): files read
 * out of the files it holds, how many have violations and how many were sent. Each asks again
 * until its files are all read, then the list is read again and the line can be dismissed.
 */
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { transferQueries, uploadTransfersQuery } from '../api/transfer-queries';
import { PROCESSING_POLL_MS, uploadProgress } from '../model/upload-progress';
import type { TrackedUpload } from './upload-transfer-dialog';

function UploadLine({ upload, onDismiss }: { upload: TrackedUpload; onDismiss: () => void }) {
  const { t } = useTranslation('invoiceTransfers');
  const queryClient = useQueryClient();
  const transfers = useQuery({
    ...uploadTransfersQuery(upload),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return PROCESSING_POLL_MS;
      return uploadProgress(upload, data.items, data.total).done ? false : PROCESSING_POLL_MS;
    },
  });
  const progress = uploadProgress(upload, transfers.data?.items ?? [], transfers.data?.total);
  useEffect(() => {
    if (progress.done) void queryClient.invalidateQueries({ queryKey: transferQueries.lists() });
  }, [progress.done, queryClient]);

  const name = t('progress.file', { name: upload.original_file_name, folder: upload.reference });
  const counts =
    progress.total === null
      ? t('progress.readUnknown', { count: progress.read })
      : t('progress.read', { count: progress.total, read: progress.read });
  const outcome = t('progress.outcome', {
    sent: progress.sent,
    violations: progress.withViolations,
  });
  const percent =
    progress.total === null || progress.total === 0
      ? undefined
      : Math.round((progress.read * 100) / progress.total);
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
        {progress.done ? t('progress.done') : t('progress.reading')} · {counts} · {outcome}
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
  uploads: readonly TrackedUpload[];
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
