/**
 * The demo's batch tab (spec "Polish demo page", 4, 5, 9): nip1, nip2 and a count. Start shows
 * nip1's invoice statuses (it needs nip1 only); Generate sends `count` invoices from nip1 to nip2
 * through the sandbox (it needs all three) and shows them; Reset starts the demo over after
 * asking. The status table (index, creator and recipient NIP, number, direction, status) is asked
 * again every 10 s.
 */
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/form';
import { formatListTimestamp } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { demoQueries, useGenerateInvoices, useResetDemo } from '../api/demo-queries';
import {
  DEMO_POLL_MS,
  generateProblems,
  normalizeNip,
  startProblems,
  type BatchProblems,
  type BatchValues,
} from '../model/demo-form';
import { DemoStatusBadge } from './demo-status-badge';
import { demoFailure } from './demo-failure';

const mono = { fontFamily: 'monospace' } as const;

function StatusTable({ nip1 }: { nip1: string }) {
  const { t } = useTranslation('plDemo');
  const language = currentLanguage();
  const statuses = useQuery({ ...demoQueries.statuses(nip1), refetchInterval: DEMO_POLL_MS });
  if (statuses.isPending) return <CircularProgress aria-label={t('batch.loading')} />;
  if (statuses.isError) return <Alert severity="error">{t('errors.generic')}</Alert>;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" role="status">
        {t('batch.refreshed', {
          nip: nip1,
          time: formatListTimestamp(new Date(statuses.dataUpdatedAt).toISOString(), language),
          seconds: DEMO_POLL_MS / 1000,
        })}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('batch.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.index')}</TableCell>
              <TableCell>{t('fields.invoiceCreatorNip')}</TableCell>
              <TableCell>{t('fields.invoiceRecipientNip')}</TableCell>
              <TableCell>{t('fields.invoiceNumber')}</TableCell>
              <TableCell>{t('fields.direction')}</TableCell>
              <TableCell>{t('fields.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {statuses.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center">
                  {t('batch.empty')}
                </TableCell>
              </TableRow>
            )}
            {statuses.data.map((row, index) => (
              <TableRow key={row.uuid}>
                <TableCell>{index + 1}</TableCell>
                <TableCell sx={mono}>{row.invoiceCreatorNip}</TableCell>
                <TableCell sx={mono}>{row.invoiceRecipientNip ?? ''}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.invoiceNumber}</TableCell>
                <TableCell>
                  {t(`directions.${row.direction === 'outgoing' ? 'outgoing' : 'other'}`)}
                </TableCell>
                <TableCell>
                  <DemoStatusBadge
                    status={row.status}
                    label={t(`statuses.${row.status}`, row.status)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/** The address's parameter holding the NIP whose demo invoices the table follows. */
const FOLLOWED_PARAM = 'nip1';

export function BatchTab() {
  const { t } = useTranslation('plDemo');
  const { enqueueSnackbar } = useSnackbar();
  // The NIP followed lives in the address: a reload (or a link) keeps following it.
  const [params, setParams] = useSearchParams();
  const shown = params.get(FOLLOWED_PARAM);
  const setShown = (nip: string) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        changed.set(FOLLOWED_PARAM, nip);
        return changed;
      },
      { replace: true },
    );
  const [values, setValues] = useState<BatchValues>({ nip1: shown ?? '', nip2: '', count: '' });
  const [problems, setProblems] = useState<BatchProblems>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const generate = useGenerateInvoices();
  const reset = useResetDemo();

  const field = (name: keyof BatchValues) => ({
    name,
    label: t(`fields.${name}`),
    value: values[name],
    required: true,
    error: problems[name] !== undefined,
    helperText: problems[name] ? t(`validation.${problems[name]}`) : ' ',
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
  });

  const start = () => {
    const found = startProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) setShown(normalizeNip(values.nip1));
  };

  const submitGenerate = (event: FormEvent) => {
    event.preventDefault();
    const found = generateProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const nip1 = normalizeNip(values.nip1);
    generate.mutate(
      { nip1, nip2: normalizeNip(values.nip2), invoiceCount: Number(values.count) },
      {
        onSuccess: (result) => {
          enqueueSnackbar(t('batch.generated', { total: result.generated }), {
            variant: 'success',
          });
          setShown(nip1);
        },
        onError: (error) => enqueueSnackbar(demoFailure(error, t), { variant: 'error' }),
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Box component="form" noValidate onSubmit={submitGenerate}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          }}
        >
          <TextField {...field('nip1')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <TextField {...field('nip2')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <TextField {...field('count')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" startIcon={<PlayArrowIcon />} onClick={start}>
            {t('actions.start')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendIcon />}
            loading={generate.isPending}
          >
            {t('actions.generate')}
          </Button>
          <Button
            color="error"
            startIcon={<RestartAltIcon />}
            onClick={() => setConfirmReset(true)}
          >
            {t('actions.reset')}
          </Button>
        </Stack>
      </Box>
      {shown ? (
        <StatusTable nip1={shown} />
      ) : (
        <Typography color="text.secondary">{t('batch.hint')}</Typography>
      )}
      <ConfirmDialog
        open={confirmReset}
        title={t('reset.title')}
        message={t('reset.message')}
        confirmLabel={t('actions.reset')}
        isPending={reset.isPending}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => enqueueSnackbar(t('reset.done'), { variant: 'success' }),
            onError: (error) => enqueueSnackbar(demoFailure(error, t), { variant: 'error' }),
            onSettled: () => setConfirmReset(false),
          })
        }
      />
    </Stack>
  );
}
