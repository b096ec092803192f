import type { Invoice, ScriptableSdiOutcome, SdiOutcomeRefusal } from '@fiscus/contracts';
import { sdiOutcomeRefusal } from '@fiscus/contracts';
import SendIcon from '@mui/icons-material/Send';
import ScienceIcon from '@mui/icons-material/Science';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { invoiceQueries } from '../api/invoice-queries';
import { useNotifyWebhooks, useSimulateNotification } from '../api/use-invoice-actions';
import type { SimulatedOutcome } from '../api/use-invoice-actions';

/** SDI rejection codes worth rehearsing: schema, identifiers, recipient code, duplicate. */
export const SUGGESTED_NS_CODES = ['00200', '00305', '00311', '00400', '00404', '00423'] as const;

const NS_CODE = /^\d{5}$/;

/**
 * Why SDI could not send each outcome now (the API's rule, @fiscus/contracts), from the invoice's
 * marking, format and notifications; undefined while the notifications load.
 */
function useOutcomeRefusals(
  invoice: Invoice,
): ((type: ScriptableSdiOutcome) => SdiOutcomeRefusal | undefined) | undefined {
  const notifications = useQuery(invoiceQueries.notifications(invoice.uuid));
  if (!notifications.data) return undefined;
  const state = {
    marking: invoice.marking,
    format: invoice.transmission_format,
    messages: notifications.data.map((notification) => notification.type),
  };
  return (type) => sdiOutcomeRefusal(type, state);
}

/** SDI's scripted outcomes on a sandbox instance, only those SDI could send at this point. */
function SdiSimulation({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const simulate = useSimulateNotification(invoice.uuid);
  const refusalOf = useOutcomeRefusals(invoice);
  const [code, setCode] = useState('00200');
  const codeValid = NS_CODE.test(code);
  const nsRefusal = refusalOf?.('NS');

  const run = (outcome: SimulatedOutcome) =>
    simulate.mutate(outcome, {
      onSuccess: () => enqueueSnackbar(t('simulation.done'), { variant: 'success' }),
      onError: () => enqueueSnackbar(t('messages.genericError'), { variant: 'error' }),
    });

  const outcomes = (
    [
      { key: 'RC', outcome: { type: 'RC' } },
      { key: 'MC', outcome: { type: 'MC' } },
      { key: 'NE_EC01', outcome: { type: 'NE', esito: 'EC01' } },
      { key: 'NE_EC02', outcome: { type: 'NE', esito: 'EC02' } },
      { key: 'DT', outcome: { type: 'DT' } },
      { key: 'AT', outcome: { type: 'AT' } },
    ] satisfies { key: string; outcome: SimulatedOutcome }[]
  ).map((entry) => ({ ...entry, refusal: refusalOf?.(entry.outcome.type) }));

  // The outcomes SDI could not send now, grouped by the reason, said under the buttons.
  const refused = new Map<string, string[]>();
  for (const { key, refusal } of [{ key: 'NS', refusal: nsRefusal }, ...outcomes]) {
    if (!refusal) continue;
    const reason = t(`simulation.refusals.${refusal.reason}`, { ...refusal });
    refused.set(reason, [...(refused.get(reason) ?? []), t(`simulation.outcomes.${key}`)]);
  }

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
          disabled={!refusalOf || Boolean(nsRefusal)}
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
          disabled={!refusalOf || Boolean(nsRefusal) || !codeValid || simulate.isPending}
          onClick={() => run({ type: 'NS', errorCode: code })}
          sx={{ alignSelf: 'flex-start', mt: { sm: 0.25 } }}
        >
          {t('simulation.outcomes.NS')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {outcomes.map(({ key, outcome, refusal }) => (
          <Button
            key={key}
            variant="outlined"
            startIcon={<ScienceIcon />}
            disabled={!refusalOf || Boolean(refusal) || simulate.isPending}
            onClick={() => run(outcome)}
          >
            {t(`simulation.outcomes.${key}`)}
          </Button>
        ))}
      </Stack>
      {refused.size > 0 && (
        <Box component="ul" aria-label={t('simulation.notPossible')} sx={{ pl: 2, mb: 0 }}>
          {[...refused].map(([reason, names]) => (
            <Typography component="li" variant="body2" color="text.secondary" key={reason}>
              {t('simulation.notPossible')} {names.join(', ')}: {reason}
            </Typography>
          ))}
        </Box>
      )}
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
