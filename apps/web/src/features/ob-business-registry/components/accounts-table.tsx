/**
 * The bank accounts of one registry, under its row (spec "Business registry screen", 4, 8): uuid,
 * name, IBAN, BBAN, balance, currency, provider and the enabled switch (asked first), 30 a page.
 * An enabled account offers reconnect (its link in a new tab), its payments and transactions and
 * receive payment; details always; delete only when every account of its bank connection is
 * disabled and without payments, removing the whole connection.
 */
import type { ObAccount, ObBusinessRegistry } from '@fiscus/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import LinkIcon from '@mui/icons-material/Link';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/form';
import { RowActions } from '../../../components/resource-page';
import { formatMoney } from '../../../lib/decimal-amount';
import { clientErrorDetail } from '../../../lib/hydra';
import { currentLanguage } from '../../../lib/i18n';
import { useDeleteAccount, useReconnect, useToggleAccount } from '../api/registry-actions';
import { registryQueries } from '../api/registry-queries';
import {
  ACCOUNTS_PAGE_SIZE,
  canDeleteAccount,
  connectionOf,
  pageCount,
} from '../model/registry-list';

const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

export function AccountsTable({
  registry,
  hideInactive,
  onDetails,
  onReceivePayment,
}: {
  registry: ObBusinessRegistry;
  hideInactive: boolean;
  onDetails: (uuid: string) => void;
  onReceivePayment: (uuid: string) => void;
}) {
  const { t } = useTranslation(['obBusinessRegistry', 'listKit']);
  const language = currentLanguage();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(1);
  const accounts = useQuery({
    ...registryQueries.accounts(registry.fiscalId, page, ACCOUNTS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const [toggling, setToggling] = useState<ObAccount | null>(null);
  const [deleting, setDeleting] = useState<ObAccount | null>(null);
  const toggle = useToggleAccount();
  const reconnect = useReconnect();
  const remove = useDeleteAccount();
  const generic = t('errors.generic', { ns: 'common' });

  if (accounts.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} aria-label={t('accounts.loading')} />
      </Box>
    );
  }
  if (accounts.isError) {
    return <Alert severity="error">{t('table.error', { ns: 'listKit' })}</Alert>;
  }
  const all = accounts.data.items;
  const shown = hideInactive ? all.filter((account) => account.enabled) : all;

  const openReconnect = (account: ObAccount) => {
    // Opened at the click, so no popup blocker refuses it; pointed at the link once it arrives.
    const tab = window.open('', '_blank');
    reconnect.mutate(account.uuid, {
      onSuccess: ({ reconnectUrl }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = reconnectUrl;
        } else {
          window.open(reconnectUrl, '_blank', 'noopener');
        }
      },
      onError: (error) => {
        tab?.close();
        const detail = clientErrorDetail(error);
        enqueueSnackbar(`${t('accounts.messages.reconnectError')}${detail ? ` ${detail}` : ''}`, {
          variant: 'error',
        });
      },
    });
  };

  const confirmToggle = (account: ObAccount) =>
    toggle.mutate(account, {
      onSuccess: (saved) => {
        enqueueSnackbar(
          t(saved.enabled ? 'accounts.messages.enabled' : 'accounts.messages.disabled', {
            name: saved.name,
          }),
          { variant: 'success' },
        );
        setToggling(null);
      },
      onError: (error) => {
        enqueueSnackbar(clientErrorDetail(error) || generic, { variant: 'error' });
        setToggling(null);
      },
    });

  const confirmDelete = (account: ObAccount) =>
    remove.mutate(account.uuid, {
      onSuccess: ({ removedAccounts }) => {
        enqueueSnackbar(t('accounts.messages.deleted', { count: removedAccounts.length }), {
          variant: 'success',
        });
        setDeleting(null);
      },
      onError: (error) => {
        const detail = clientErrorDetail(error);
        enqueueSnackbar(`${t('accounts.messages.deleteError')}${detail ? ` ${detail}` : ''}`, {
          variant: 'error',
        });
        setDeleting(null);
      },
    });

  const shortcut = (screen: 'payments' | 'transactions', account: ObAccount) =>
    void navigate(
      `/openbanking/${screen}?fiscalId=${encodeURIComponent(registry.fiscalId)}&account=${encodeURIComponent(account.uuid)}`,
    );

  const headers = [
    'uuid',
    'name',
    'iban',
    'bban',
    'balance',
    'currencyCode',
    'providerName',
    'enabled',
  ] as const;

  return (
    // Its own width never widens the registries' table: it scrolls inside the row instead.
    <Box sx={{ contain: 'inline-size' }}>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('accounts.title', { name: registry.businessName })}
          sx={{ '& .MuiTableCell-head': { fontWeight: 600 } }}
        >
          <TableHead>
            <TableRow>
              {headers.map((field) => (
                <TableCell key={field} align={field === 'balance' ? 'right' : undefined}>
                  {t(`accounts.fields.${field}`)}
                </TableCell>
              ))}
              <TableCell align="right">{t('table.actions', { ns: 'listKit' })}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={headers.length + 1} align="center">
                  <Typography color="text.secondary">
                    {t(all.length === 0 ? 'accounts.empty' : 'accounts.noneActive')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              shown.map((account) => (
                <TableRow key={account.uuid} hover data-testid={`ob-account-${account.uuid}`}>
                  <TableCell sx={{ ...mono, whiteSpace: 'nowrap' }} title={account.uuid}>
                    {/* The uuid's first block: the whole one is in the details and the title. */}
                    {`${account.uuid.slice(0, 8)}…`}
                  </TableCell>
                  <TableCell>{account.name}</TableCell>
                  <TableCell sx={mono}>{account.iban ?? '—'}</TableCell>
                  <TableCell sx={mono}>{account.bban ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(account.balance, language, account.currencyCode)}
                  </TableCell>
                  <TableCell>{account.currencyCode}</TableCell>
                  <TableCell>
                    {account.connectionId === null
                      ? t('accounts.statementProvider')
                      : account.providerName}
                  </TableCell>
                  <TableCell>
                    <Switch
                      size="small"
                      checked={account.enabled}
                      onChange={() => setToggling(account)}
                      data-testid={`ob-account-enabled-${account.uuid}`}
                      slotProps={{
                        input: {
                          'aria-label': t('accounts.actions.enabledFor', { name: account.name }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <RowActions
                      actions={[
                        {
                          id: 'reconnect',
                          label: t('accounts.actions.reconnect'),
                          icon: LinkIcon,
                          // An account read from imported statements has no bank to reconnect.
                          hidden: !account.enabled || account.connectionId === null,
                          disabled: reconnect.isPending && reconnect.variables === account.uuid,
                          onClick: () => openReconnect(account),
                        },
                        {
                          id: 'payments',
                          label: t('accounts.actions.payments'),
                          icon: PaymentsIcon,
                          hidden: !account.enabled,
                          onClick: () => shortcut('payments', account),
                        },
                        {
                          id: 'transactions',
                          label: t('accounts.actions.transactions'),
                          icon: ReceiptLongIcon,
                          hidden: !account.enabled,
                          onClick: () => shortcut('transactions', account),
                        },
                        {
                          id: 'receive',
                          label: t('accounts.actions.receivePayment'),
                          icon: RequestQuoteIcon,
                          hidden: !account.enabled || account.connectionId === null,
                          onClick: () => onReceivePayment(account.uuid),
                        },
                        {
                          id: 'details',
                          label: t('accounts.actions.details'),
                          icon: VisibilityIcon,
                          onClick: () => onDetails(account.uuid),
                        },
                        {
                          id: 'delete',
                          label: t('accounts.actions.delete'),
                          icon: DeleteIcon,
                          color: 'error',
                          hidden: !canDeleteAccount(account, all),
                          onClick: () => setDeleting(account),
                        },
                      ]}
                    />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={accounts.data.total}
        page={page - 1}
        rowsPerPage={ACCOUNTS_PAGE_SIZE}
        rowsPerPageOptions={[ACCOUNTS_PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next + 1)}
        labelDisplayedRows={({ from, to, count, page: index }) =>
          t('pagination', {
            from,
            to,
            count,
            page: index + 1,
            pages: pageCount(count, ACCOUNTS_PAGE_SIZE),
          })
        }
        getItemAriaLabel={(type) => t(`table.goTo.${type}`, { ns: 'listKit' })}
      />
      {toggling && (
        <ConfirmDialog
          open
          title={t(
            toggling.enabled ? 'accounts.toggle.disableTitle' : 'accounts.toggle.enableTitle',
          )}
          message={t(
            toggling.enabled ? 'accounts.toggle.disableMessage' : 'accounts.toggle.enableMessage',
            { name: toggling.name },
          )}
          confirmLabel={t(toggling.enabled ? 'accounts.toggle.disable' : 'accounts.toggle.enable')}
          isPending={toggle.isPending}
          onConfirm={() => confirmToggle(toggling)}
          onCancel={() => setToggling(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={t('accounts.delete.title')}
          message={t('accounts.delete.message', {
            name: deleting.name,
            count: connectionOf(deleting, all).length,
          })}
          isPending={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
