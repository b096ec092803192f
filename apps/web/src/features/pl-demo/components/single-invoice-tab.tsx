/**
 * The demo's single invoice tab (spec "Polish demo page", 4, 5, 8, 9): an FA(3) XML typed or
 * pasted (required) and sent; the success panel with its number and attachments (name, size in
 * MB); its status, asked again every 10 s until KSeF confirmed it, then the UPO to download (the
 * base64 the API sends, saved as its XML bytes); and the session archive emulation for a NIP. A
 * refused send opens the error dialog with the API's title and detail; other failures toast the
 * demo's generic error.
 */
import ArchiveIcon from '@mui/icons-material/Archive';
import SendIcon from '@mui/icons-material/Send';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/hydra';
import { saveBlob } from '../../../lib/save-blob';
import {
  demoQueries,
  useArchiveSessions,
  useSendDemoInvoice,
  type DemoSendResult,
} from '../api/demo-queries';
import {
  base64Bytes,
  CONFIRMED,
  DEMO_POLL_MS,
  megabytes,
  nipProblem,
  normalizeNip,
  requiredProblem,
  type FieldProblem,
} from '../model/demo-form';
import { DemoErrorDialog, type DemoError } from './demo-error-dialog';
import { DemoStatusBadge } from './demo-status-badge';
import { demoFailure } from './demo-failure';

/** A file name from an invoice number ("FV/2026/1" has slashes). */
function fileNameOf(invoiceNumber: string): string {
  let name = '';
  for (const character of invoiceNumber) name += /[\w.-]/.test(character) ? character : '_';
  return `UPO_${name}.xml`;
}

function SentInvoice({ result }: { result: DemoSendResult }) {
  const { t } = useTranslation('plDemo');
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const status = useQuery({
    ...demoQueries.invoiceStatus(result.uuid),
    // Asked until KSeF confirmed it.
    refetchInterval: (query) => (query.state.data?.status === CONFIRMED ? false : DEMO_POLL_MS),
  });
  const upo = status.data?.status === CONFIRMED ? status.data.upo : null;

  const downloadUpo = () => {
    if (!upo) return;
    try {
      const bytes = base64Bytes(upo);
      saveBlob(new Blob([bytes], { type: 'application/xml' }), fileNameOf(result.invoiceNumber));
    } catch {
      enqueueSnackbar(t('errors.generic'), { variant: 'error' });
    }
  };

  return (
    <Alert severity="success" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('single.sent', { number: result.invoiceNumber })}</AlertTitle>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{t('fields.status')}</Typography>
          {status.data ? (
            <DemoStatusBadge
              status={status.data.status}
              label={t(`statuses.${status.data.status}`, status.data.status)}
            />
          ) : status.isError ? (
            <Typography variant="body2" color="error">
              {t('errors.generic')}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('single.checking')}
            </Typography>
          )}
          {status.data?.ksefReferenceNumber && (
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {t('single.ksefNumber', { number: status.data.ksefReferenceNumber })}
            </Typography>
          )}
        </Stack>
        {upo && (
          <Box>
            <Button variant="contained" startIcon={<VerifiedIcon />} onClick={downloadUpo}>
              {t('actions.downloadUpo')}
            </Button>
          </Box>
        )}
        <Typography variant="subtitle2" component="h3">
          {t('single.attachments')}
        </Typography>
        {result.attachments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('single.noAttachments')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={t('single.attachments')}>
            {result.attachments.map((attachment) => (
              <ListItem key={attachment.filename} disableGutters>
                <ListItemText
                  primary={attachment.filename}
                  secondary={t('single.size', { size: megabytes(attachment.filesize, language) })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

/** The API's title and detail of a refused send; the demo's generic words when it has none. */
function sendErrorOf(error: unknown, fallback: DemoError): DemoError {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const detail =
    error.problem.detail ||
    error.violations
      .map((violation) => `${violation.propertyPath}: ${violation.message}`)
      .join('\n');
  return { title: error.problem.title || fallback.title, detail: detail || fallback.detail };
}

function ArchiveForm() {
  const { t } = useTranslation('plDemo');
  const { enqueueSnackbar } = useSnackbar();
  const archive = useArchiveSessions();
  const [nip1, setNip1] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nipProblem(nip1);
    setProblem(found);
    if (found) return;
    archive.mutate(normalizeNip(nip1), {
      onSuccess: (result) =>
        enqueueSnackbar(t('archive.done', { total: result.archived }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(demoFailure(error, t), { variant: 'error' }),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('archive.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('archive.hint')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={t('archive.title')}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          name="nip1"
          label={t('fields.nip1')}
          required
          value={nip1}
          onChange={(event) => {
            setNip1(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ? t(`validation.${problem}`) : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<ArchiveIcon />}
          loading={archive.isPending}
        >
          {t('actions.archive')}
        </Button>
      </Box>
    </Paper>
  );
}

export function SingleInvoiceTab() {
  const { t } = useTranslation('plDemo');
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendDemoInvoice();
  const [xml, setXml] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [error, setError] = useState<DemoError | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = requiredProblem(xml);
    setProblem(found);
    if (found) return;
    send.mutate(xml, {
      onError: (failure) => {
        const fallback = { title: t('errors.sendTitle'), detail: t('errors.generic') };
        if (failure instanceof ApiError && failure.status > 0) {
          setError(sendErrorOf(failure, fallback));
        } else {
          enqueueSnackbar(t('errors.generic'), { variant: 'error' });
        }
      },
    });
  };

  return (
    <Stack spacing={3}>
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          name="content"
          label={t('fields.content')}
          required
          multiline
          minRows={10}
          maxRows={24}
          fullWidth
          value={xml}
          onChange={(event) => {
            setXml(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ? t(`validation.${problem}`) : t('single.contentHint')}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          loading={send.isPending}
          sx={{ mt: 1 }}
        >
          {t('actions.send')}
        </Button>
      </Box>
      {send.data && <SentInvoice key={send.data.uuid} result={send.data} />}
      <ArchiveForm />
      {error && <DemoErrorDialog error={error} onClose={() => setError(null)} />}
    </Stack>
  );
}
