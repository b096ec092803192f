import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailsDialog, DetailsList, formatListTimestamp } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { subAccountQueries } from '../api/sub-account-queries';

/** One sub-account, opened from the URL (`?dialogId=sub-account&dialog_email=…`). */
export function SubAccountDetailsDialog({
  email,
  onClose,
}: {
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const account = useQuery(subAccountQueries.detail(email));

  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={t('details.title', { email })}
      isLoading={account.isPending}
      isError={account.isError}
    >
      {account.data && (
        <DetailsList
          items={[
            { label: t('fields.email'), value: account.data.email },
            { label: t('fields.fiscal_id'), value: account.data.fiscal_id },
            { label: t('fields.fullname'), value: account.data.fullname ?? '—' },
            {
              label: t('fields.enabled'),
              value: account.data.enabled ? t('values.yes') : t('values.no'),
            },
            {
              label: t('fields.created_at'),
              value: formatListTimestamp(account.data.created_at, currentLanguage()),
            },
          ]}
        />
      )}
    </DetailsDialog>
  );
}
