import type { Invoice } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceQueries } from '../api/invoice-queries';

function Source({ text, label }: { text: string; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 2,
        maxHeight: '60vh',
        overflow: 'auto',
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Box>
  );
}

function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** The invoice payload as indented JSON. */
export function JsonTab({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const text = useMemo(() => pretty(invoice.payload), [invoice.payload]);
  return <Source text={text} label={t('details.tabs.json')} />;
}

/** The stored XML exactly as sent to (or received from) SDI; a draft's as it would be sent. */
export function XmlTab({ uuid, draft = false }: { uuid: string; draft?: boolean }) {
  const { t } = useTranslation('invoices');
  const sent = useQuery({
    ...invoiceQueries.representation(uuid, 'application/xml'),
    enabled: !draft,
  });
  const stored = useQuery({ ...invoiceQueries.draftXml(uuid), enabled: draft });
  const xml = draft ? stored : sent;
  if (xml.isPending) return <CircularProgress size={24} aria-label={t('loading')} />;
  if (xml.isError) return <Alert severity="error">{t('messages.somethingWentWrong')}</Alert>;
  return <Source text={xml.data} label={t('details.tabs.xml')} />;
}

/**
 * The engine's HTML rendering. `sandbox=""` gives the frame an opaque origin with no scripts,
 * forms or navigation, so invoice content can never act on the console; srcdoc keeps it
 * within our CSP (a blob: frame would need a frame-src exception).
 */
export function PreviewTab({ uuid }: { uuid: string }) {
  const { t } = useTranslation('invoices');
  const html = useQuery(invoiceQueries.representation(uuid, 'text/html'));
  if (html.isPending) return <CircularProgress size={24} aria-label={t('loading')} />;
  if (html.isError) return <Alert severity="error">{t('messages.somethingWentWrong')}</Alert>;
  return (
    <Box
      component="iframe"
      title={t('details.previewTitle')}
      sandbox=""
      srcDoc={html.data}
      sx={{ width: '100%', height: '65vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
