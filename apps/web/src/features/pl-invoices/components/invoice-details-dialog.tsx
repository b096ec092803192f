/**
 * A Polish invoice's details over its list (spec 2 "Invoice lists", 3, 4, 8): every field, the
 * error code and message KSeF refused it with, its KSeF number and acquisition time (the user's
 * zone, named), the verification link of its QR code (KOD I) and, offline, the certificate link
 * (KOD II); the downloads (XML, PDF, the UPO once KSeF sent it, each attachment), a link to the
 * invoice's page and the public link to copy. A loader while it loads, nothing on error (the
 * list kit's rule).
 */
import type { PlInvoiceDetails } from '@fiscus/contracts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CodeIcon from '@mui/icons-material/Code';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailsDialog, DetailsList, formatListTimestamp } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import {
  downloadAttachment,
  downloadInvoiceFile,
  downloadUpo,
  type InvoiceFileFormat,
} from '../api/invoice-files';
import { invoiceQueries } from '../api/invoice-queries';
import { ACCOUNT_ACCESS, invoiceLanguageOf } from '../model/invoice-access';
import {
  browserTimeZone,
  grossAmountText,
  knownStatus,
  offlineDeadlineDay,
  KSEF_TIME_ZONE,
} from '../model/invoice-labels';
import { invoicePagePath } from '../model/invoice-paths';
import { OfflineMarker } from './invoice-columns';
import { InvoiceStatusBadge } from './invoice-status-badge';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** Attachment sizes in MB with two decimals: bytes are whole numbers, so no money rule applies. */
function megabytes(size: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(size / (1024 * 1024));
}

function party(name: string | null, nip: string | null): ReactNode {
  return (
    <>
      {name}
      {nip && <Box sx={{ color: 'text.secondary' }}>NIP {nip}</Box>}
    </>
  );
}

function ExternalLink({ href }: { href: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={mono}>
      {href}
    </Link>
  );
}

function fields(invoice: PlInvoiceDetails, t: TFunction, language: string) {
  const zone = browserTimeZone();
  const moment = (value: string | null) =>
    value ? t('time.inZone', { time: formatListTimestamp(value, language), zone }) : '—';
  const items: { label: string; value: ReactNode }[] = [
    {
      label: t('fields.status'),
      value: (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <InvoiceStatusBadge
            status={invoice.status}
            label={t(`plInvoiceView:statuses.${knownStatus(invoice.status)}`)}
          />
          <OfflineMarker invoice={invoice} t={t} />
        </Stack>
      ),
    },
    { label: t('fields.invoiceNumber'), value: <Box sx={mono}>{invoice.invoiceNumber}</Box> },
    { label: t('fields.invoiceDate'), value: invoice.invoiceDate ?? '—' },
    {
      label: t('fields.invoiceType'),
      value: `${invoice.invoiceType} · ${t(`types.${invoice.invoiceType}`, invoice.invoiceType)}`,
    },
    { label: t('fields.invoiceVersion'), value: invoice.invoiceVersion },
    { label: t('fields.direction'), value: t(`directions.${invoice.direction}`) },
    { label: t('fields.mode'), value: t(`modes.${invoice.mode}`) },
  ];
  if (invoice.mode === 'offline') {
    items.push({
      label: t('fields.offlineDeadline'),
      value: t('offline.deadline', {
        date: offlineDeadlineDay(invoice.offlineDeadline) ?? '—',
        zone: KSEF_TIME_ZONE,
      }),
    });
  }
  items.push(
    { label: t('fields.seller'), value: party(invoice.senderName, invoice.invoiceCreatorNip) },
    { label: t('fields.buyer'), value: party(invoice.recipientName, invoice.invoiceRecipientNip) },
    { label: t('fields.grossAmount'), value: grossAmountText(invoice, language) || '—' },
    {
      label: t('fields.ksefReferenceNumber'),
      value: <Box sx={mono}>{invoice.ksefReferenceNumber ?? '—'}</Box>,
    },
    { label: t('fields.acquisition'), value: moment(invoice.acquisition) },
    { label: t('fields.invoiceHash'), value: <Box sx={mono}>{invoice.invoiceHash}</Box> },
    {
      label: t('fields.verificationLink'),
      value: invoice.verificationLink ? <ExternalLink href={invoice.verificationLink} /> : '—',
    },
  );
  if (invoice.mode === 'offline') {
    items.push({
      label: t('fields.certificateLink'),
      value: invoice.certificateLink ? <ExternalLink href={invoice.certificateLink} /> : '—',
    });
  }
  items.push(
    { label: t('fields.createdAt'), value: moment(invoice.createdAt) },
    { label: t('fields.updatedAt'), value: moment(invoice.updatedAt) },
    { label: t('fields.uuid'), value: <Box sx={mono}>{invoice.uuid}</Box> },
  );
  return items;
}

function Downloads({ invoice }: { invoice: PlInvoiceDetails }) {
  const { t } = useTranslation(['plInvoices', 'plInvoiceView']);
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, action: () => Promise<void>, errorText: string) => {
    setBusy(id);
    try {
      await action();
    } catch {
      enqueueSnackbar(errorText, { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  // Spec 8: the invoice's own files fail with the invoice error, attachments with 'An error occurred'.
  const fileError = t('plInvoiceView:errors.download');
  const file = (format: InvoiceFileFormat) =>
    void run(
      format,
      () => downloadInvoiceFile(invoice, ACCOUNT_ACCESS, format, invoiceLanguageOf(language)),
      fileError,
    );
  const button = (id: string) => ({ loading: busy === id, disabled: busy !== null && busy !== id });
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('details.downloads')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<CodeIcon />}
          {...button('xml')}
          onClick={() => file('xml')}
        >
          {t('plInvoiceView:actions.xml')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          {...button('pdf')}
          onClick={() => file('pdf')}
        >
          {t('plInvoiceView:actions.pdf')}
        </Button>
        {invoice.hasUpo && (
          <Button
            variant="outlined"
            startIcon={<VerifiedIcon />}
            {...button('upo')}
            onClick={() => void run('upo', () => downloadUpo(invoice, ACCOUNT_ACCESS), fileError)}
          >
            {t('plInvoiceView:actions.upo')}
          </Button>
        )}
      </Stack>
      {invoice.attachments.length > 0 && (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {invoice.attachments.map((attachment) => (
            <Button
              key={attachment.uuid}
              size="small"
              startIcon={<AttachFileIcon />}
              {...button(attachment.uuid)}
              aria-label={t('plInvoiceView:actions.attachment', { name: attachment.filename })}
              onClick={() =>
                void run(
                  attachment.uuid,
                  () => downloadAttachment(invoice.uuid, attachment, ACCOUNT_ACCESS),
                  t('plInvoiceView:errors.attachment'),
                )
              }
              sx={{ textTransform: 'none' }}
            >
              {t('details.attachment', {
                name: attachment.filename,
                size: megabytes(attachment.size, language),
              })}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PageLinks({ invoice }: { invoice: PlInvoiceDetails }) {
  const { t } = useTranslation('plInvoices');
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invoice.publicUrl);
      enqueueSnackbar(t('messages.publicLinkCopied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('messages.copyFailed', { url: invoice.publicUrl }), { variant: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        component={RouterLink}
        to={invoicePagePath(invoice.uuid)}
        startIcon={<OpenInNewIcon />}
      >
        {t('actions.openPage')}
      </Button>
      <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {t('actions.copyPublicLink')}
      </Button>
    </Stack>
  );
}

export function InvoiceDetailsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation(['plInvoices', 'plInvoiceView']);
  const language = currentLanguage();
  const invoice = useQuery(invoiceQueries.detail(uuid, ACCOUNT_ACCESS));
  const data = invoice.data;
  const refused =
    data &&
    (data.status === 'rejected' || data.status === 'error') &&
    (data.errorCode || data.errorMessage);
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={data ? t('details.title', { number: data.invoiceNumber }) : t('details.loading')}
      isLoading={invoice.isPending}
      isError={invoice.isError}
      maxWidth="md"
      alignTop
    >
      {data && (
        <Stack spacing={2}>
          {refused && (
            <Alert severity="error">
              <AlertTitle>
                {t(data.status === 'rejected' ? 'details.rejected' : 'details.failed')}
              </AlertTitle>
              {data.errorCode && <Box sx={mono}>{data.errorCode}</Box>}
              {data.errorMessage}
            </Alert>
          )}
          <DetailsList items={fields(data, t, language)} />
          <Divider />
          <Downloads invoice={data} />
          <Divider />
          <PageLinks invoice={data} />
        </Stack>
      )}
    </DetailsDialog>
  );
}
