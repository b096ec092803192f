/**
 * One Polish legal entity (`?dialogId=details&dialog_uuid=…`): its data, status, onboarding and
 * the times of its last synchronisation with KSeF and of its last received invoice.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DetailsDialog,
  DetailsList,
  formatListMinutes,
  formatListTimestamp,
} from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { legalEntityQueries } from '../api/legal-entity-queries';
import { OnboardingChip, StatusChip } from './legal-entity-chips';

export function LegalEntityDetailsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('plLegalEntities');
  const language = currentLanguage();
  const entity = useQuery(legalEntityQueries.detail(uuid));
  const data = entity.data;
  const minutes = (value: string | null) =>
    value ? <span title={value}>{formatListMinutes(value, language)}</span> : t('never');
  return (
    <DetailsDialog
      open
      onClose={onClose}
      isLoading={entity.isPending}
      isError={entity.isError}
      title={data ? t('details.title', { name: data.name }) : t('actions.details')}
    >
      {data && (
        <DetailsList
          items={[
            { label: t('fields.name'), value: data.name },
            { label: t('fields.nip'), value: data.nip },
            { label: t('fields.email'), value: data.email },
            {
              label: t('details.address'),
              value: [
                data.addressLine1,
                data.addressLine2,
                `${data.postcode} ${data.city}`,
                data.province,
                data.countryIso2,
              ]
                .filter(Boolean)
                .join(', '),
            },
            { label: t('fields.status'), value: <StatusChip status={data.status} /> },
            { label: t('fields.onboardingStatus'), value: <OnboardingChip entity={data} /> },
            {
              label: t('fields.incomingInvoiceEnabled'),
              value: t(data.incomingInvoiceEnabled ? 'filters.yes' : 'filters.no', {
                ns: 'listKit',
              }),
            },
            { label: t('fields.lastSyncAt'), value: minutes(data.lastSyncAt) },
            { label: t('fields.lastReceiveAt'), value: minutes(data.lastReceiveAt) },
            {
              label: t('fields.createdAt'),
              value: (
                <span title={data.createdAt}>{formatListTimestamp(data.createdAt, language)}</span>
              ),
            },
            {
              label: t('fields.updatedAt'),
              value: (
                <span title={data.updatedAt}>{formatListTimestamp(data.updatedAt, language)}</span>
              ),
            },
            { label: t('fields.uuid'), value: data.uuid },
          ]}
        />
      )}
    </DetailsDialog>
  );
}
