import type { SubAccount } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { subAccountQueries } from '../api/sub-account-queries';
import { SubAccountDeleteDialog } from './sub-account-delete-dialog';
import {
  SUB_ACCOUNTS_TABLE_KEY,
  subAccountColumns,
  subAccountDefaultFilters,
  subAccountFilterInputs,
} from './sub-account-list';

/** The forms and the details load when opened, or ahead once the rows show. */
const SubAccountCreateDialog = lazyPart(
  () => import('./sub-account-create-dialog').then((module) => module.SubAccountCreateDialog),
  ['subAccounts'],
);
const SubAccountEditDialog = lazyPart(
  () => import('./sub-account-edit-dialog').then((module) => module.SubAccountEditDialog),
  ['subAccounts'],
);
const SubAccountPasswordDialog = lazyPart(
  () => import('./sub-account-password-dialog').then((module) => module.SubAccountPasswordDialog),
  ['subAccounts'],
);
const SubAccountDetailsDialog = lazyPart(
  () => import('./sub-account-details-dialog').then((module) => module.SubAccountDetailsDialog),
  ['subAccounts'],
);
const PARTS = [
  SubAccountCreateDialog,
  SubAccountEditDialog,
  SubAccountPasswordDialog,
  SubAccountDetailsDialog,
];

const accountId = (account: SubAccount) => account.email;

/** `/settings/sub-accounts` (spec 2.12): the manager's sub-accounts. The route guard checks the role. */
export default function SubAccountsPage() {
  const list = useListState(SUB_ACCOUNTS_TABLE_KEY, { defaultFilters: subAccountDefaultFilters });
  // Starts the list request during this first render, before the translations below suspend
  // it: the request then runs alongside the namespace downloads instead of after them.
  usePrefetchQuery(subAccountQueries.list(list.queryParams));
  // Both namespaces at once: loading the kit's strings only when the table first renders
  // would suspend again and delay the list request behind a second round trip.
  const { t } = useTranslation(['subAccounts', 'listKit']);
  const language = currentLanguage();
  const accounts = useQuery({
    ...subAccountQueries.list(list.queryParams),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  // Every dialog opens through the URL: `?dialogId=sub-account&dialog_email=…` (details),
  // `new`, `edit`, `password`, `delete`.
  const details = useUrlDialog('sub-account', ['email']);
  const create = useUrlDialog('new', []);
  const edit = useRowDialog('edit', accounts.data?.items, accountId, 'email');
  const password = useUrlDialog('password', ['email']);
  const remove = useUrlDialog('delete', ['email']);

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      filters={subAccountFilterInputs(t)}
      query={accounts}
      columns={subAccountColumns({
        t,
        language,
        detailsHref: (email) => details.href({ email }),
        onShowDetails: (email) => details.open({ email }),
      })}
      getRowId={accountId}
      prefetch={PARTS}
      toolbar={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
          {t('actions.create')}
        </Button>
      }
      rowActions={(account) => [
        {
          id: 'details',
          label: t('actions.details'),
          icon: VisibilityIcon,
          onClick: () => details.open({ email: account.email }),
        },
        {
          id: 'edit',
          label: t('actions.edit'),
          icon: EditIcon,
          onClick: () => edit.open(account),
        },
        {
          id: 'password',
          label: t('actions.changePassword'),
          icon: LockResetIcon,
          onClick: () => password.open({ email: account.email }),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          onClick: () => remove.open({ email: account.email }),
        },
      ]}
    >
      {create.isOpen && <SubAccountCreateDialog onClose={create.close} />}
      {edit.row && <SubAccountEditDialog account={edit.row} onClose={edit.close} />}
      {password.data && (
        <SubAccountPasswordDialog email={password.data.email} onClose={password.close} />
      )}
      {remove.data && <SubAccountDeleteDialog email={remove.data.email} onClose={remove.close} />}
      {details.data && (
        <SubAccountDetailsDialog email={details.data.email} onClose={details.close} />
      )}
    </ResourceListPage>
  );
}
