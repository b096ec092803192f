/**
 * The uploads of this visit and how far the transfer service has read each (spec 2: a zip of
 * many invoices is processed file by file, with progress on the transfers screen): files read
 * out of the files it holds, how many have violations and how many were sent, as the service
 * counts them. Each asks again until its upload is processed, then the list is read again and
 * the line can be dismissed.
 */
import type { TransferUploaded } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { transferQueries, uploadProgressQuery } from '../api/transfer-queries';
import { PROCESSING_POLL_MS, UNSETTLED_POLL_MS, uploadProgress } from '../model/upload-progress';
import type { UploadProgress } from '../model/upload-progress';

function UploadLine({ upload, onDismiss }: { upload: TransferUploaded; onDismiss: () => void }) {
  const { t } = useTranslation(['invoiceTransfers', 'invoices']);
  const queryClient = useQueryClient();
  const counts = useQuery({
    ...uploadProgressQuery(upload.uuid),
    // Until SDI has answered every invoice the upload sent: the line says what it answered.
    refetchInterval: (query) => {
      const current = uploadProgress(query.state.data ?? undefined);
      if (current.settled) return false;
      return current.done ? UNSETTLED_POLL_MS : PROCESSING_POLL_MS;
    },
  });
  const progress = uploadProgress(counts.data ?? undefined);
  // Until the service first answers, the upload's own answer says how many files it holds.
  const total = progress.total ?? (counts.data ? null : upload.total);
  useEffect(() => {
    if (progress.done) void queryClient.invalidateQueries({ queryKey: transferQueries.lists() });
  }, [progress.done, progress.settled, queryClient]);

  const name = t('progress.file', { name: upload.original_file_name, folder: upload.reference });
  const readText =
    total === null
      ? t('progress.readUnknown', { count: progress.read })
      : t('progress.read', { count: total, read: progress.read });
  const outcome = t('progress.outcome', {
    sent: progress.sent,
    violations: progress.withViolations,
  });
  const answered = sdiText(progress, t);
  const percent =
    total === null || total === 0 ? undefined : Math.round((progress.read * 100) / total);
  return (
    <Alert
      severity={
        !progress.done
          ? 'info'
          : progress.withViolations > 0 || progress.sdi.refused > 0
            ? 'warning'
            : progress.settled
              ? 'success'
              : 'info'
      }
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
        {answered && ` · ${answered}`}
      </Typography>
      {progress.refusals.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label={t('progress.refusals')}>
          {progress.refusals.map((refusal) => (
            <Typography component="li" variant="body2" key={refusal.transfer_uuid}>
              {refusalText(refusal, t)}
            </Typography>
          ))}
        </Box>
      )}
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

/** SDI's answers so far ('' before any invoice was sent): waiting, refused, issued. */
function sdiText(progress: UploadProgress, t: TFunction): string {
  if (progress.sent === 0) return '';
  const parts = [
    progress.sdi.waiting > 0 && t('progress.sdiWaiting', { count: progress.sdi.waiting }),
    progress.sdi.refused > 0 && t('progress.sdiRefused', { count: progress.sdi.refused }),
    progress.sdi.issued > 0 && t('progress.sdiIssued', { count: progress.sdi.issued }),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? t('progress.sdi', { answers: parts.join(', ') }) : '';
}

/**
 * One refused invoice: its file, what became of it and SDI's codes, each with its meaning in
 * the user's language when this console knows the code, else SDI's own (Italian) description.
 */
function refusalText(refusal: UploadProgress['refusals'][number], t: TFunction): string {
  const errors = refusal.errors.map(({ code, description }) => {
    const known = t(`invoices:simulation.codes.${code}`, { defaultValue: '' });
    return `${code} ${known || description}`.trim();
  });
  const what =
    refusal.marking === 'rejected' ? t('progress.rejectedNs') : t('progress.notTransmitted');
  return [`${refusal.original_file_name}: ${what}`, ...errors].join(' · ');
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
