import type { Invoice } from '@fiscus/contracts';
import SendIcon from '@mui/icons-material/Send';
import ScienceIcon from '@mui/icons-material/Science';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useNotifyWebhooks, useSimulateNotification } from '../api/use-invoice-actions';
import type { SimulatedOutcome } from '../api/use-invoice-actions';

/** SDI rejection codes worth rehearsing: schema, identifiers, recipient code, duplicate. */
export const SUGGESTED_NS_CODES = ['00200', '00305', '00311', '00400', '00404', '00423'] as const;

const NS_CODE = /^\d{5}$/;

/** SDI's scripted outcomes on a sandbox instance, so a user can rehearse every path. */
function SdiSimulation({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const simulate = useSimulateNotification(invoice.uuid);
  const [code, setCode] = useState('00200');
  const codeValid = NS_CODE.test(code);

  const run = (outcome: SimulatedOutcome) =>
    simulate.mutate(outcome, {
      onSuccess: () => enqueueSnackbar(t('simulation.done'), { variant: 'success' }),
      onError: () => enqueueSnackbar(t('messages.genericError'), { variant: 'error' }),
    });

  const outcomes: { key: string; outcome: SimulatedOutcome }[] = [
    { key: 'RC', outcome: { type: 'RC' } },
    { key: 'MC', outcome: { type: 'MC' } },
    { key: 'NE_EC01', outcome: { type: 'NE', esito: 'EC01' } },
    { key: 'NE_EC02', outcome: { type: 'NE', esito: 'EC02' } },
    { key: 'DT', outcome: { type: 'DT' } },
    { key: 'AT', outcome: { type: 'AT' } },
  ];

  return (
    <Box>
      <Typography variant="h6" component="h3">
        {t('simulation.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('simulation.description')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <Autocomplete
          freeSolo
          options={[...SUGGESTED_NS_CODES]}
          getOptionLabel={(option) => `${option}`}
          renderOption={(props, option) => (
            <li {...props} key={option}>
              {option} – {t(`simulation.codes.${option}`)}
            </li>
          )}
          inputValue={code}
          onInputChange={(_event, value) => setCode(value.trim())}
          sx={{ minWidth: 220 }}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('simulation.errorCode')}
              error={!codeValid}
              helperText={codeValid ? ' ' : t('simulation.errorCodeInvalid')}
            />
          )}
        />
        <Button
          variant="outlined"
          color="error"
          startIcon={<ScienceIcon />}
          disabled={!codeValid || simulate.isPending}
          onClick={() => run({ type: 'NS', errorCode: code })}
          sx={{ alignSelf: 'flex-start', mt: { sm: 0.25 } }}
        >
          {t('simulation.outcomes.NS')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {outcomes.map(({ key, outcome }) => (
          <Button
            key={key}
            variant="outlined"
            startIcon={<ScienceIcon />}
            disabled={simulate.isPending}
            onClick={() => run(outcome)}
          >
            {t(`simulation.outcomes.${key}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

/** Actions (ROLE_CONFIG, not impersonating): webhooks now, and the sandbox's SDI outcomes. */
export function ActionsTab({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const notify = useNotifyWebhooks(invoice.uuid);
  const sandbox = getRuntimeConfig().sandbox;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h3">
          {t('actions.webhooksTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('actions.webhooksDescription')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          loading={notify.isPending}
          onClick={() =>
            notify.mutate(undefined, {
              // Nothing delivered means no webhook listens to this event: say so.
              onSuccess: (result) =>
                result.deliveries > 0
                  ? enqueueSnackbar(t('messages.webhookSent'), { variant: 'success' })
                  : enqueueSnackbar(t('messages.webhookNone'), { variant: 'info' }),
              onError: () => enqueueSnackbar(t('messages.webhookError'), { variant: 'error' }),
            })
          }
        >
          {t('actions.sendToWebhooks')}
        </Button>
      </Box>
      {sandbox && invoice.type === 0 && (
        <>
          <Divider />
          <SdiSimulation invoice={invoice} />
        </>
      )}
    </Stack>
  );
}
