/**
 * What both invoice pages show (spec 2 "Invoice page", 8): the invoice's number and status, two
 * download buttons (its XML and its PDF), the UPO download once KSeF confirmed it, one button per
 * attachment, and the invoice's HTML visualisation in the page. The signed-in page reaches it
 * with the account, the public page with its access code (`InvoiceAccess`). A failed download
 * says so under the buttons (the public page has no toasts): on the signed-in page the invoice
 * error of spec 8, on the public page its generic error; an attachment 'An error occurred'. A
 * failure to read the invoice shows the public invoice's generic error instead of it.
 */
import type { PlInvoiceDetails } from '@fiscus/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CodeIcon from '@mui/icons-material/Code';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceQueries } from '../api/invoice-queries';
import {
  downloadAttachment,
  downloadInvoiceFile,
  downloadUpo,
  type InvoiceFileFormat,
} from '../api/invoice-files';
import { invoiceLanguageOf, type InvoiceAccess } from '../model/invoice-access';
import { knownStatus } from '../model/invoice-labels';
import { InvoiceFrame } from './invoice-frame';
import { InvoiceStatusBadge } from './invoice-status-badge';

export interface InvoiceViewProps {
  uuid: string;
  access: InvoiceAccess;
  /** The language of the texts (the public page has its own Polish/English switch). */
  language: string;
  /** Shown under the error when the invoice cannot be read (the public page: ask a new code). */
  errorAction?: ReactNode;
  /** Shown beside the number, e.g. the signed-in page's link back to its list. */
  actions?: (invoice: PlInvoiceDetails) => ReactNode;
}

type Busy = InvoiceFileFormat | 'upo' | `attachment:${string}`;

export function InvoiceView({ uuid, access, language, errorAction, actions }: InvoiceViewProps) {
  const options = useMemo(() => ({ lng: language }), [language]);
  const { t } = useTranslation('plInvoiceView', options);
  const invoice = useQuery(invoiceQueries.detail(uuid, access));
  const lang = invoiceLanguageOf(language);
  const html = useQuery(invoiceQueries.html(uuid, access, lang));
  const [busy, setBusy] = useState<Busy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (invoice.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  if (invoice.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {t('errors.generic')}
        </Alert>
        {errorAction}
      </Stack>
    );
  }
  const data = invoice.data;
  // Spec 8: the invoice's own files fail with the invoice error on the signed-in page, with the
  // public invoice's generic error on the public page.
  const fileError = access.kind === 'account' ? t('errors.download') : t('errors.generic');

  const run = async (id: Busy, action: () => Promise<void>, errorText: string) => {
    setBusy(id);
    setFailure(null);
    try {
      await action();
    } catch {
      setFailure(errorText);
    } finally {
      setBusy(null);
    }
  };

  const file = (format: InvoiceFileFormat) =>
    void run(format, () => downloadInvoiceFile(data, access, format, lang), fileError);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('title', { number: data.invoiceNumber })}
        </Typography>
        <InvoiceStatusBadge
          status={data.status}
          label={t(`statuses.${knownStatus(data.status)}`)}
        />
        <Box sx={{ flexGrow: 1 }} />
        {actions?.(data)}
      </Stack>
      {data.ksefReferenceNumber && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('ksefNumber', { number: data.ksefReferenceNumber })}
        </Typography>
      )}
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
        role="group"
        aria-label={t('downloads')}
      >
        <Button
          variant="contained"
          startIcon={<CodeIcon />}
          loading={busy === 'xml'}
          disabled={busy !== null && busy !== 'xml'}
          onClick={() => file('xml')}
        >
          {t('actions.xml')}
        </Button>
        <Button
          variant="contained"
          startIcon={<PictureAsPdfIcon />}
          loading={busy === 'pdf'}
          disabled={busy !== null && busy !== 'pdf'}
          onClick={() => file('pdf')}
        >
          {t('actions.pdf')}
        </Button>
        {data.status === 'confirmed' && (
          <Button
            variant="outlined"
            startIcon={<VerifiedIcon />}
            loading={busy === 'upo'}
            disabled={busy !== null && busy !== 'upo'}
            onClick={() => void run('upo', () => downloadUpo(data, access), fileError)}
          >
            {t('actions.upo')}
          </Button>
        )}
        {data.attachments.map((attachment) => {
          const id: Busy = `attachment:${attachment.uuid}`;
          return (
            <Button
              key={attachment.uuid}
              variant="outlined"
              startIcon={<AttachFileIcon />}
              loading={busy === id}
              disabled={busy !== null && busy !== id}
              aria-label={t('actions.attachment', { name: attachment.filename })}
              onClick={() =>
                void run(
                  id,
                  () => downloadAttachment(uuid, attachment, access),
                  t('errors.attachment'),
                )
              }
              sx={{ textTransform: 'none' }}
            >
              {attachment.filename}
            </Button>
          );
        })}
      </Stack>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {html.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      )}
      {html.isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      {html.data !== undefined && (
        <InvoiceFrame html={html.data} title={t('frameTitle', { number: data.invoiceNumber })} />
      )}
    </Stack>
  );
}
