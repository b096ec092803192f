/**
 * A Peppol document list's columns and filters (account spec 2.13, 3 "Peppol document", 4, 5):
 * the message status marker (not sent, sent, sent with errors; it opens the message dialog), when
 * it was created, sender and recipient (name and participant identifier), the document date and
 * number (the number opens the details), an order's status, and on the Italian domain the
 * document type marking. Filters under the API's names; a typed uuid disables the others, the
 * number waits for a document date bound.
 */
import type { PeppolDocument } from '@fiscus/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import { DialogLink, formatListDate, WrappingTimestamp } from '../../../components/list-kit';
import type { DataTableColumn, FilterInput } from '../../../components/list-kit';
import { hasDocumentDate, uuidOf } from '../model/document-filters';
import { messageState, transactionLabel } from '../model/document-labels';
import type { DocumentScreen } from '../model/document-screens';

export function documentFilterInputs(t: TFunction): FilterInput[] {
  const byUuid = (values: Record<string, unknown>) => uuidOf(values) !== '';
  return [
    {
      kind: 'dateRange',
      label: t('fields.createdAt'),
      fromName: 'createdAt[after]',
      toName: 'createdAt[before]',
      disabled: byUuid,
    },
    { kind: 'text', name: 'uuid', label: t('fields.uuid') },
    { kind: 'text', name: 'senderName', label: t('fields.senderName'), disabled: byUuid },
    { kind: 'text', name: 'recipientName', label: t('fields.recipientName'), disabled: byUuid },
    { kind: 'text', name: 'senderId', label: t('fields.senderId'), disabled: byUuid },
    { kind: 'text', name: 'recipientId', label: t('fields.recipientId'), disabled: byUuid },
    {
      kind: 'dateRange',
      label: t('fields.documentDate'),
      fromName: 'documentDate[after]',
      toName: 'documentDate[before]',
      disabled: byUuid,
    },
    {
      kind: 'text',
      name: 'documentNumber',
      label: t('fields.documentNumber'),
      disabled: (values) => byUuid(values) || !hasDocumentDate(values),
    },
    { kind: 'triState', name: 'downloaded', label: t('fields.downloaded'), disabled: byUuid },
  ];
}

/** The message marker of spec 4 ("not sent", "sent successfully", "sent with errors"). */
export function MessageMarker({
  document,
  t,
  onOpen,
}: {
  document: Pick<PeppolDocument, 'peppolMessage'>;
  t: TFunction;
  onOpen?: () => void;
}) {
  const state = messageState(document.peppolMessage);
  const label =
    state === 'error'
      ? t('message.states.error', { code: document.peppolMessage.errorCode ?? '' })
      : t(`message.states.${state}`);
  const icon =
    state === 'sent' ? (
      <CheckCircleIcon color="success" fontSize="small" />
    ) : state === 'error' ? (
      <ErrorIcon color="error" fontSize="small" />
    ) : (
      <ScheduleIcon color="disabled" fontSize="small" />
    );
  if (!onOpen) return icon;
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onOpen}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

function Party({ name, identifier }: { name: string | null; identifier: string | null }) {
  return (
    <>
      {name}
      <Box
        component="span"
        sx={{
          display: 'block',
          color: 'text.secondary',
          fontSize: '0.8em',
          overflowWrap: 'anywhere',
        }}
      >
        {identifier}
      </Box>
    </>
  );
}

interface DocumentColumnsOptions {
  t: TFunction;
  language: string;
  screen: DocumentScreen;
  detailsHref: (uuid: string) => string;
  onShowDetails: (uuid: string) => void;
  onShowMessage: (uuid: string) => void;
}

export function documentColumns({
  t,
  language,
  screen,
  detailsHref,
  onShowDetails,
  onShowMessage,
}: DocumentColumnsOptions): DataTableColumn<PeppolDocument>[] {
  const columns: DataTableColumn<PeppolDocument>[] = [
    {
      id: 'message',
      label: t('fields.message'),
      render: (document) => (
        <MessageMarker document={document} t={t} onOpen={() => onShowMessage(document.uuid)} />
      ),
    },
    {
      id: 'createdAt',
      label: t('fields.createdAt'),
      orderField: 'createdAt',
      render: (document) => <WrappingTimestamp value={document.createdAt} language={language} />,
    },
    {
      id: 'sender',
      label: t('fields.sender'),
      orderField: 'senderName',
      render: (document) => <Party {...document.sender} />,
    },
    {
      id: 'recipient',
      label: t('fields.recipient'),
      orderField: 'recipientName',
      render: (document) => <Party {...document.recipient} />,
    },
    {
      id: 'date',
      label: t('fields.date'),
      orderField: 'documentDate',
      render: (document) => (document.date ? formatListDate(document.date, language) : ''),
    },
    {
      id: 'number',
      label: t('fields.number'),
      breakAnywhere: true,
      render: (document) => (
        <DialogLink href={detailsHref(document.uuid)} onOpen={() => onShowDetails(document.uuid)}>
          {document.number}
        </DialogLink>
      ),
    },
  ];
  if (screen.kind === 'order') {
    columns.push({
      id: 'orderStatus',
      label: t('fields.orderStatus'),
      render: (document) => {
        const code = document.processInformation.orderStatus;
        return code ? <Chip size="small" label={t(`responseCodes.${code}`, code)} /> : null;
      },
    });
  }
  if (screen.domain === 'it') {
    columns.push({
      id: 'documentType',
      label: t('fields.documentType'),
      render: (document) => (
        <Chip size="small" variant="outlined" label={transactionLabel(document.documentType)} />
      ),
    });
  }
  return columns;
}
