/**
 * A registry's subscription (`?dialogId=subscription&dialog_fiscalId=…`, spec 3 "Subscription"):
 * whether it is active, its period, its automatic renewal and its annual fee; a registry whose
 * data reading was never turned on has none.
 */
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailsDialog, DetailsList, formatListTimestamp } from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { registryQueries } from '../api/registry-queries';

export function SubscriptionDialog({
  fiscalId,
  onClose,
}: {
  fiscalId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['obBusinessRegistry', 'listKit']);
  const language = currentLanguage();
  const subscription = useQuery(registryQueries.subscription(fiscalId));
  const data = subscription.data;
  const yesNo = (value: boolean) => t(value ? 'filters.yes' : 'filters.no', { ns: 'listKit' });
  const time = (value: string | null) =>
    value ? <span title={value}>{formatListTimestamp(value, language)}</span> : '—';
  return (
    <DetailsDialog
      open
      onClose={onClose}
      isLoading={subscription.isPending}
      isError={subscription.isError}
      title={t('subscription.title', { fiscalId })}
    >
      {data === null && <Typography color="text.secondary">{t('subscription.none')}</Typography>}
      {data && (
        <DetailsList
          items={[
            { label: t('subscription.fields.fiscal_id'), value: data.fiscal_id },
            { label: t('subscription.fields.active'), value: yesNo(data.active) },
            {
              label: t('subscription.fields.period_starts_at'),
              value: time(data.period_starts_at),
            },
            { label: t('subscription.fields.period_ends_at'), value: time(data.period_ends_at) },
            { label: t('subscription.fields.auto_renew'), value: yesNo(data.auto_renew) },
            { label: t('subscription.fields.auto_renew_at'), value: time(data.auto_renew_at) },
            { label: t('subscription.fields.fee'), value: formatMoney(data.fee, language, 'EUR') },
          ]}
        />
      )}
    </DetailsDialog>
  );
}
