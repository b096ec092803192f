/**
 * A document's Peppol message (account spec 2.13 "Peppol message dialog", 4, 8): its state (not
 * sent, sent successfully, sent with errors), when the request went and the answer came, and the
 * error code and message the network gave.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailsDialog, DetailsList, formatListTimestamp } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { documentQueries } from '../api/document-queries';
import { messageState } from '../model/document-labels';
import type { DocumentScreen } from '../model/document-screens';

export function MessageDialog({
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
  const message = document.data?.peppolMessage;
  const state = message ? messageState(message) : 'notSent';
  const when = (value: string | null | undefined) =>
    value ? formatListTimestamp(value, language) : '—';
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={t('message.title')}
      isLoading={document.isPending}
      isError={document.isError}
    >
      {message && (
        <>
          <Alert
            severity={state === 'sent' ? 'success' : state === 'error' ? 'error' : 'info'}
            sx={{ mb: 2 }}
          >
            {state === 'error'
              ? t('message.states.error', { code: message.errorCode ?? '' })
              : t(`message.states.${state}`)}
          </Alert>
          <DetailsList
            items={[
              {
                label: t('message.uuid'),
                value: <Box sx={{ fontFamily: 'monospace' }}>{message.uuid}</Box>,
              },
              { label: t('message.createdAt'), value: when(message.createdAt) },
              { label: t('message.requestSentAt'), value: when(message.requestSentAt) },
              { label: t('message.responseReceivedAt'), value: when(message.responseReceivedAt) },
              ...(message.errorCode
                ? [
                    { label: t('message.errorCode'), value: message.errorCode },
                    { label: t('message.errorMessage'), value: message.errorMessage ?? '' },
                  ]
                : []),
            ]}
          />
        </>
      )}
    </DetailsDialog>
  );
}
