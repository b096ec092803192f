/**
 * `/openbanking/payments` (spec "Payments screen", 9): the registry chosen by its fiscal id
 * (`?fiscalId=`), the filters (its accounts, the systems, made after and before: the last 30 days
 * by default) and its payments: created, direction, system, amount, currency, status and
 * description. The registry screen's shortcuts land here filtered (`?account=` for an account).
 */
import type { ObPayment } from '@fiscus/contracts';
import Chip from '@mui/material/Chip';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useListState,
  WrappingTimestamp,
  type DataTableColumn,
  type FilterInput,
} from '../../../components/list-kit';
import { ResourceListPage } from '../../../components/resource-page';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { activityQueries } from '../api/activity-queries';
import {
  defaultPaymentFilters,
  NOT_KEPT,
  PAYMENT_SYSTEMS,
  paymentsTableKey,
  toActivityQuery,
} from '../model/activity-filters';
import { useFiscalId } from '../hooks/use-fiscal-id';
import { ChooseRegistry } from './choose-registry';
import { FiscalIdSelect } from './fiscal-id-select';
import { useAccountOptions } from './use-account-options';

const paymentId = (payment: ObPayment) => payment.uuid;

const statusColours: Record<ObPayment['status'], 'default' | 'info' | 'success' | 'error'> = {
  created: 'default',
  pending: 'info',
  accepted: 'success',
  rejected: 'error',
  expired: 'default',
};

export default function PaymentsPage() {
  const [fiscalId, chooseFiscalId] = useFiscalId();
  const [defaults] = useState(() => defaultPaymentFilters(dayjs()));
  const list = useListState(paymentsTableKey, { defaultFilters: defaults, notKept: NOT_KEPT });
  const query = useMemo(() => toActivityQuery(list.queryParams), [list.queryParams]);
  const payments = useQuery({
    ...activityQueries.payments(fiscalId ?? '', query),
    enabled: fiscalId !== null,
    placeholderData: keepPreviousData,
  });
  const { t } = useTranslation(['obBankActivity', 'listKit']);
  const language = currentLanguage();
  const accountOptions = useAccountOptions(fiscalId);
  const picker = <FiscalIdSelect value={fiscalId} onChange={chooseFiscalId} />;

  if (fiscalId === null) {
    return (
      <ChooseRegistry
        title={t('payments.title')}
        subtitle={t('payments.subtitle')}
        picker={picker}
        message={t('picker.choose')}
      />
    );
  }

  const columns: DataTableColumn<ObPayment>[] = [
    {
      id: 'createdAt',
      label: t('payments.fields.createdAt'),
      render: (payment) => <WrappingTimestamp value={payment.createdAt} language={language} />,
    },
    {
      id: 'direction',
      label: t('payments.fields.direction'),
      render: (payment) => t(`payments.directions.${payment.direction}`),
    },
    {
      id: 'system',
      label: t('payments.fields.system'),
      render: (payment) => t(`systems.${payment.system}`),
    },
    {
      id: 'amount',
      label: t('payments.fields.amount'),
      align: 'right',
      render: (payment) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(payment.amount, language, payment.currencyCode)}
        </span>
      ),
    },
    {
      id: 'currencyCode',
      label: t('payments.fields.currencyCode'),
      render: (payment) => payment.currencyCode,
    },
    {
      id: 'status',
      label: t('payments.fields.status'),
      render: (payment) => (
        <Chip
          size="small"
          color={statusColours[payment.status]}
          label={t(`payments.statuses.${payment.status}`)}
        />
      ),
    },
    {
      id: 'description',
      label: t('payments.fields.description'),
      render: (payment) => payment.description,
    },
  ];

  const filters: FilterInput[] = [
    { kind: 'multiSelect', name: 'account', label: t('filters.accounts'), options: accountOptions },
    {
      kind: 'multiSelect',
      name: 'system',
      label: t('payments.fields.system'),
      options: PAYMENT_SYSTEMS.map((system) => ({ value: system, label: t(`systems.${system}`) })),
    },
    {
      kind: 'dateRange',
      fromName: 'madeOn[after]',
      toName: 'madeOn[before]',
      label: t('filters.madeOn'),
    },
  ];

  return (
    <ResourceListPage
      title={t('payments.title')}
      subtitle={t('payments.subtitle')}
      tableLabel={t('payments.table', { fiscalId })}
      list={list}
      filters={filters}
      filtersExpanded
      query={payments}
      columns={columns}
      getRowId={paymentId}
      headerActions={picker}
    />
  );
}
