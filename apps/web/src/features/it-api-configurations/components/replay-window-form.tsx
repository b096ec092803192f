import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clientErrorDetail, isApiError } from '../../../lib/hydra';
import { useReplayWindow } from '../api/use-replay-deliveries';
import { localDateTimeToInstant } from './local-date-time';
import { useConfigurationMessage } from './use-configuration-message';

/** Resends every event first delivered between two moments of the user's own time zone. */
export function ReplayWindowForm({ configurationUuid }: { configurationUuid: string }) {
  const { t } = useTranslation('apiConfigurations');
  const translate = useConfigurationMessage();
  const { enqueueSnackbar } = useSnackbar();
  const replay = useReplayWindow(configurationUuid);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fromInstant = localDateTimeToInstant(from);
    const toInstant = localDateTimeToInstant(to);
    const found: { from?: string; to?: string } = {};
    if (!fromInstant) found.from = t('validation.dateRequired');
    if (!toInstant) found.to = t('validation.dateRequired');
    if (fromInstant && toInstant && fromInstant > toInstant)
      found.to = t('validation.toBeforeFrom');
    setErrors(found);
    if (!fromInstant || !toInstant || found.to) return;
    replay.mutate(
      { from: fromInstant, to: toInstant },
      {
        onSuccess: (result) =>
          enqueueSnackbar(t('deliveries.replayedWindow', { count: result.replayed }), {
            variant: 'success',
          }),
        onError: (error) => {
          const violation = isApiError(error) ? error.violations[0] : undefined;
          const detail = clientErrorDetail(error);
          enqueueSnackbar(
            violation ? translate(violation.message) : detail || t('deliveries.replayError'),
            { variant: 'error' },
          );
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {t('deliveries.replayWindowTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="datetime-local"
          label={t('deliveries.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={Boolean(errors.from)}
          helperText={errors.from}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={t('deliveries.to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={Boolean(errors.to)}
          helperText={errors.to}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          type="submit"
          variant="outlined"
          loading={replay.isPending}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('deliveries.replayWindow')}
        </Button>
      </Stack>
    </Stack>
  );
}
