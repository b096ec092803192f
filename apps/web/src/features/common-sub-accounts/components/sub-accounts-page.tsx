import type { SubAccount } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDetailsDialog, useListState } from '../../../components/list-kit';
import { subAccountQueries } from '../api/sub-account-queries';
import { SubAccountCreateDialog } from './sub-account-create-dialog';
import { SubAccountDeleteDialog } from './sub-account-delete-dialog';
import { SubAccountDetailsDialog } from './sub-account-details-dialog';
import { SubAccountEditDialog } from './sub-account-edit-dialog';
import {
  SUB_ACCOUNTS_TABLE_KEY,
  SubAccountList,
  subAccountDefaultFilters,
} from './sub-account-list';
import type { SubAccountAction } from './sub-account-list';
import { SubAccountPasswordDialog } from './sub-account-password-dialog';

type OpenForm = { kind: 'create' } | { kind: SubAccountAction; account: SubAccount } | null;

/** `/settings/sub-accounts` (spec 2.12): the manager's sub-accounts. The route guard checks the role. */
export default function SubAccountsPage() {
  const list = useListState(SUB_ACCOUNTS_TABLE_KEY, { defaultFilters: subAccountDefaultFilters });
  // Starts the list request during this first render, before the translations below suspend
  // it: the request then runs alongside the namespace downloads instead of after them.
  usePrefetchQuery(subAccountQueries.list(list.queryParams));
  // Both namespaces at once: loading the kit's strings only when the table first renders
  // would suspend again and delay the list request behind a second round trip.
  const { t } = useTranslation(['subAccounts', 'listKit']);
  const details = useDetailsDialog('sub-account', ['email']);
  const [form, setForm] = useState<OpenForm>(null);
  const closeForm = () => setForm(null);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('subtitle')}
      </Typography>
      <SubAccountList
        list={list}
        onCreate={() => setForm({ kind: 'create' })}
        onAction={(kind, account) => setForm({ kind, account })}
        detailsHref={(email) => details.href({ email })}
        onShowDetails={(email) => details.open({ email })}
      />
      {form?.kind === 'create' && <SubAccountCreateDialog onClose={closeForm} />}
      {form?.kind === 'edit' && <SubAccountEditDialog account={form.account} onClose={closeForm} />}
      {form?.kind === 'password' && (
        <SubAccountPasswordDialog email={form.account.email} onClose={closeForm} />
      )}
      {form?.kind === 'delete' && (
        <SubAccountDeleteDialog email={form.account.email} onClose={closeForm} />
      )}
      {details.data && (
        <SubAccountDetailsDialog email={details.data.email} onClose={details.close} />
      )}
    </Box>
  );
}
