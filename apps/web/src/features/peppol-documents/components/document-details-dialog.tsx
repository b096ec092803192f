/**
 * A Peppol document's details (account spec 2.13): tabs info (uuid, direction, format, number,
 * date, sender, recipient, created; an order adds its process and status, a response its code),
 * json and xml (the document as sent, read as text), 'document reference' when it refers to an
 * order known here, and 'order responses' (number, date, type, code) when an order has some.
 * A loader while it loads, nothing on error (spec 4).
 */
import type { PeppolDocument } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DetailsDialog,
  DetailsList,
  formatListDate,
  formatListTimestamp,
} from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { documentQueries } from '../api/document-queries';
import type { DocumentScreen } from '../model/document-screens';
import { MessageMarker } from './document-columns';

type TabId = 'info' | 'json' | 'xml' | 'reference' | 'responses';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

function party(value: { name: string | null; identifier: string | null }): string {
  return [value.name, value.identifier].filter(Boolean).join(' · ');
}

function Info({
  document,
  t,
  language,
}: {
  document: PeppolDocument;
  t: TFunction;
  language: string;
}) {
  const info = document.processInformation;
  const items = [
    { label: t('fields.uuid'), value: <Box sx={mono}>{document.uuid}</Box> },
    { label: t('fields.direction'), value: t(`directions.${document.direction}`) },
    { label: t('fields.format'), value: document.format },
    { label: t('fields.number'), value: document.number },
    {
      label: t('fields.date'),
      value: document.date ? formatListDate(document.date, language) : '',
    },
    { label: t('fields.sender'), value: party(document.sender) },
    { label: t('fields.recipient'), value: party(document.recipient) },
    { label: t('fields.createdAt'), value: formatListTimestamp(document.createdAt, language) },
    {
      label: t('fields.message'),
      value: (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <MessageMarker document={document} t={t} />
          {document.peppolMessage.success === false
            ? t('message.states.error', { code: document.peppolMessage.errorCode ?? '' })
            : t(`message.states.${document.peppolMessage.success === true ? 'sent' : 'notSent'}`)}
        </Box>
      ),
    },
    { label: t('fields.documentType'), value: <Box sx={mono}>{document.documentType}</Box> },
  ];
  if (info.documentType === 'order') {
    items.push(
      { label: t('fields.processType'), value: <Box sx={mono}>{document.processType ?? ''}</Box> },
      {
        label: t('fields.orderStatus'),
        value: info.orderStatus ? t(`responseCodes.${info.orderStatus}`, info.orderStatus) : '—',
      },
    );
  }
  if (info.responseCode) {
    items.push({
      label: t('fields.responseCode'),
      value: t(`responseCodes.${info.responseCode}`, info.responseCode),
    });
  }
  return <DetailsList items={items} />;
}

function Source({
  screen,
  uuid,
  as,
}: {
  screen: DocumentScreen;
  uuid: string;
  as: 'xml' | 'json';
}) {
  const { t } = useTranslation('peppolDocuments');
  const source = useQuery(documentQueries.source(screen.domain, screen.kind, uuid, as));
  if (source.isPending) return <CircularProgress aria-label={t('details.loadingSource')} />;
  if (source.isError) return <Typography color="error">{t('messages.sourceError')}</Typography>;
  let text = source.data;
  if (as === 'json') {
    try {
      text = JSON.stringify(JSON.parse(source.data), null, 2);
    } catch {
      // Shown as it came.
    }
  }
  return (
    <Box
      component="pre"
      aria-label={t(`details.tabs.${as}`)}
      sx={{
        ...mono,
        fontSize: 12,
        m: 0,
        maxHeight: '60vh',
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
      }}
    >
      {text}
    </Box>
  );
}

function Links({
  rows,
  t,
  language,
}: {
  rows: PeppolDocument['responses'];
  t: TFunction;
  language: string;
}) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('fields.number')}</TableCell>
          <TableCell>{t('fields.date')}</TableCell>
          <TableCell>{t('fields.kind')}</TableCell>
          <TableCell>{t('fields.responseCode')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.uuid}>
            <TableCell sx={mono}>{row.number}</TableCell>
            <TableCell>{row.date ? formatListDate(row.date, language) : ''}</TableCell>
            <TableCell>{t(`kinds.${row.documentType}`, row.documentType)}</TableCell>
            <TableCell>
              {row.responseCode ? t(`responseCodes.${row.responseCode}`, row.responseCode) : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function DocumentDetailsDialog({
  screen,
  uuid,
  onClose,
}: {
  screen: DocumentScreen;
  uuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('peppolDocuments');
  const language = currentLanguage();
  const document = useQuery(documentQueries.detail(screen.domain, screen.kind, uuid));
  const [tab, setTab] = useState<TabId>('info');
  const tabs: TabId[] = ['info', 'json', 'xml'];
  if (document.data?.order) tabs.push('reference');
  if (document.data && document.data.responses.length > 0) tabs.push('responses');
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={t(`kinds.${screen.kind}`) + (document.data ? ` ${document.data.number}` : '')}
      isLoading={document.isPending}
      isError={document.isError}
      maxWidth="md"
      alignTop
    >
      {document.data && (
        <>
          <Tabs
            value={tab}
            onChange={(_event, value: TabId) => setTab(value)}
            variant="scrollable"
            sx={{ mb: 2 }}
          >
            {tabs.map((id) => (
              <Tab key={id} value={id} label={t(`details.tabs.${id}`)} />
            ))}
          </Tabs>
          {tab === 'info' && <Info document={document.data} t={t} language={language} />}
          {(tab === 'json' || tab === 'xml') && <Source screen={screen} uuid={uuid} as={tab} />}
          {tab === 'reference' && document.data.order && (
            <Links rows={[document.data.order]} t={t} language={language} />
          )}
          {tab === 'responses' && (
            <Links rows={document.data.responses} t={t} language={language} />
          )}
        </>
      )}
    </DetailsDialog>
  );
}
