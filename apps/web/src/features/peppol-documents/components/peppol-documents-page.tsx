/**
 * A Peppol document list (account spec 2.13, 4, 5, 7, 8, 9): `/peppol/incoming-invoices` and its
 * siblings, Belgium's under `/peppol-be`. Created the last month by default, 30 a page, the filter
 * panel (a uuid asks for that document only), the table (hidden on a list error), the details
 * dialog and the message dialog through the URL, the XML download ('Error downloading XML' when
 * it fails), and on an outgoing list the send dialog for a UBL document. The list asks again
 * while a message is on its way.
 */
import type { PeppolDocument } from '@fiscus/contracts';
import CodeIcon from '@mui/icons-material/Code';
import InfoIcon from '@mui/icons-material/Info';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { documentQueries, downloadDocumentXml } from '../api/document-queries';
import { defaultDocumentFilters, toDocumentRequest } from '../model/document-filters';
import { pollDocuments } from '../model/document-labels';
import {
  documentScreenOf,
  documentsTableKey,
  type DocumentScreen,
} from '../model/document-screens';
import { documentColumns, documentFilterInputs } from './document-columns';

/** `?dialogId=document&dialog_uuid=…` opens a document's details over the list. */
export const DOCUMENT_DIALOG_ID = 'document';
/** `?dialogId=message&dialog_uuid=…` opens its message. */
export const MESSAGE_DIALOG_ID = 'message';

const DocumentDetailsDialog = lazyPart(
  () => import('./document-details-dialog').then((module) => module.DocumentDetailsDialog),
  ['peppolDocuments'],
);
const MessageDialog = lazyPart(
  () => import('./message-dialog').then((module) => module.MessageDialog),
  ['peppolDocuments'],
);
const SendDocumentDialog = lazyPart(
  () => import('./send-document-dialog').then((module) => module.SendDocumentDialog),
  ['peppolDocuments'],
);

const documentId = (document: PeppolDocument) => document.uuid;

function DocumentsList({ screen }: { screen: DocumentScreen }) {
  const [defaultFilters] = useState(() => defaultDocumentFilters(dayjs()));
  const list = useListState(documentsTableKey(screen), { defaultFilters });
  const request = useMemo(
    () => toDocumentRequest(list.queryParams, screen.direction, screen.nso),
    [list.queryParams, screen.direction, screen.nso],
  );
  const listQuery = documentQueries.list(screen.domain, screen.kind, request);
  usePrefetchQuery(listQuery);
  const { t } = useTranslation(['peppolDocuments', 'listKit']);
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const documents = useQuery({
    ...listQuery,
    placeholderData: keepPreviousData,
    refetchInterval: (current) => pollDocuments(current.state.data?.items),
  });
  const details = useUrlDialog(DOCUMENT_DIALOG_ID, ['uuid']);
  const message = useUrlDialog(MESSAGE_DIALOG_ID, ['uuid']);
  const send = useUrlDialog('send', []);
  const base = `${screen.direction}.${screen.kind}`;

  return (
    <ResourceListPage
      title={t(`titles.${base}`)}
      subtitle={t(`subtitles.${screen.nso ? 'nso' : screen.domain}`)}
      list={list}
      filters={documentFilterInputs(t)}
      query={documents}
      columns={documentColumns({
        t,
        language,
        screen,
        detailsHref: (uuid) => details.href({ uuid }),
        onShowDetails: (uuid) => details.open({ uuid }),
        onShowMessage: (uuid) => message.open({ uuid }),
      })}
      getRowId={documentId}
      prefetch={[DocumentDetailsDialog, MessageDialog, SendDocumentDialog]}
      headerActions={
        screen.direction === 'outgoing' ? (
          <Button variant="contained" startIcon={<SendIcon />} onClick={() => send.open({})}>
            {t('actions.send')}
          </Button>
        ) : undefined
      }
      rowActions={(document) => [
        {
          id: 'details',
          label: t('actions.details'),
          icon: InfoIcon,
          onClick: () => details.open({ uuid: document.uuid }),
        },
        {
          id: 'xml',
          label: t('actions.downloadXml'),
          icon: CodeIcon,
          onClick: () => {
            void downloadDocumentXml(screen.domain, screen.kind, document).catch(() =>
              enqueueSnackbar(t('messages.xmlError'), { variant: 'error' }),
            );
          },
        },
      ]}
    >
      {details.data && (
        <DocumentDetailsDialog screen={screen} uuid={details.data.uuid} onClose={details.close} />
      )}
      {message.data && (
        <MessageDialog screen={screen} uuid={message.data.uuid} onClose={message.close} />
      )}
      {send.data && <SendDocumentDialog screen={screen} onClose={send.close} />}
    </ResourceListPage>
  );
}

export default function PeppolDocumentsPage() {
  const { pathname } = useLocation();
  const screen = documentScreenOf(pathname);
  if (!screen) return null;
  // One list state per screen: another screen's filters never carry over.
  return <DocumentsList key={screen.path} screen={screen} />;
}
