/**
 * One bank account (`?dialogId=account&dialog_uuid=…`, spec "Business registry screen"): uuid,
 * IBAN (the BBAN when it has none, the SWIFT code when it has neither), provider, name, nature,
 * balance, currency and when the bank's consent expires.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailsDialog, DetailsList, formatListTimestamp } from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { registryQueries } from '../api/registry-queries';

export function AccountDetailsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation(['obBusinessRegistry', 'listKit']);
  const language = currentLanguage();
  const account = useQuery(registryQueries.account(uuid));
  const data = account.data;
  const identifier = data
    ? data.iban
      ? { label: t('accounts.fields.iban'), value: data.iban }
      : data.bban
        ? { label: t('accounts.fields.bban'), value: data.bban }
        : { label: t('accounts.fields.swift'), value: data.swift ?? '—' }
    : null;
  return (
    <DetailsDialog
      open
      onClose={onClose}
      isLoading={account.isPending}
      isError={account.isError}
      title={
        data ? t('accounts.details.title', { name: data.name }) : t('accounts.actions.details')
      }
    >
      {data && identifier && (
        <DetailsList
          items={[
            { label: t('accounts.fields.uuid'), value: data.uuid },
            identifier,
            {
              label: t('accounts.fields.providerName'),
              value:
                data.connectionId === null ? t('accounts.statementProvider') : data.providerName,
            },
            { label: t('accounts.fields.name'), value: data.name },
            { label: t('accounts.fields.nature'), value: t(`accounts.natures.${data.nature}`) },
            {
              label: t('accounts.fields.balance'),
              value: formatMoney(data.balance, language, data.currencyCode),
            },
            { label: t('accounts.fields.currencyCode'), value: data.currencyCode },
            {
              label: t('accounts.fields.consentExpiresAt'),
              value: data.consentExpiresAt ? (
                <span title={data.consentExpiresAt}>
                  {formatListTimestamp(data.consentExpiresAt, language)}
                </span>
              ) : (
                '—'
              ),
            },
          ]}
        />
      )}
    </DetailsDialog>
  );
}
