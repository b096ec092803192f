import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clientErrorDetail, isApiError } from '../../../lib/hydra';
import { useReplayWindow } from '../api/use-replay-deliveries';
import { useConfigurationMessage } from './use-configuration-message';

/** A picked moment of the user's own time zone as the API's UTC instant, or null. */
function instantOf(day: Dayjs | null): string | null {
  return day?.isValid() ? day.toISOString() : null;
}

/**
 * Resends every event first delivered between two moments of the user's own time zone, picked
 * with the console's date-time pickers in the user's language (dd/mm/yyyy hh:mm).
 */
export function ReplayWindowForm({ configurationUuid }: { configurationUuid: string }) {
  const { t } = useTranslation('apiConfigurations');
  const translate = useConfigurationMessage();
  const { enqueueSnackbar } = useSnackbar();
  const replay = useReplayWindow(configurationUuid);
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fromInstant = instantOf(from);
    const toInstant = instantOf(to);
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
        <DateTimePicker
          label={t('deliveries.from')}
          value={from}
          onChange={setFrom}
          format="DD/MM/YYYY HH:mm"
          ampm={false}
          slotProps={{
            textField: { size: 'small', error: Boolean(errors.from), helperText: errors.from },
          }}
        />
        <DateTimePicker
          label={t('deliveries.to')}
          value={to}
          onChange={setTo}
          format="DD/MM/YYYY HH:mm"
          ampm={false}
          minDateTime={from ?? undefined}
          slotProps={{
            textField: { size: 'small', error: Boolean(errors.to), helperText: errors.to },
          }}
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
