/**
 * `/openbanking/business-registry` (spec "Business registry screen", 4, 8): the registries with
 * fiscal id, e-mail, business name, their Connect button and data-reading switch (asked first:
 * turning it on starts an annual subscription); each row opens into its bank accounts. "New
 * business registry" and the "hide inactive accounts" switch sit on top. Per row: payments and
 * transactions (when data reading is on), subscription, edit and delete. The hosted connect flow
 * comes back here with `?connected=<fiscalId>` (and `&error=<errorClass>` when it failed).
 */
import type { ObBusinessRegistry } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import {
  keepPreviousData,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useListState, useUrlDialog, type DataTableColumn } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { clientErrorDetail } from '../../../lib/hydra';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { useConnect } from '../api/registry-actions';
import { registryQueries } from '../api/registry-queries';
import {
  connectReturnUrl,
  defaultRegistryFilters,
  HIDE_INACTIVE_PARAM,
  obLocaleOf,
  pageCount,
  registriesTableKey,
} from '../model/registry-list';

/** The nested accounts, the forms, the questions and the links load when shown, or once idle. */
const AccountsTable = lazyPart(
  () => import('./accounts-table').then((module) => module.AccountsTable),
  ['obBusinessRegistry', 'listKit'],
  'inline',
);
const RegistryDialog = lazyPart(
  () => import('./registry-dialog').then((module) => module.RegistryDialog),
  ['obBusinessRegistry'],
);
const RegistryDeleteDialog = lazyPart(
  () => import('./registry-delete-dialog').then((module) => module.RegistryDeleteDialog),
  ['obBusinessRegistry'],
);
const DataReadingDialog = lazyPart(
  () => import('./data-reading-dialog').then((module) => module.DataReadingDialog),
  ['obBusinessRegistry', 'listKit'],
);
const SubscriptionDialog = lazyPart(
  () => import('./subscription-dialog').then((module) => module.SubscriptionDialog),
  ['obBusinessRegistry', 'listKit'],
);
const AccountDetailsDialog = lazyPart(
  () => import('./account-details-dialog').then((module) => module.AccountDetailsDialog),
  ['obBusinessRegistry', 'listKit'],
);
const ReceivePaymentDialog = lazyPart(
  () => import('./receive-payment-dialog').then((module) => module.ReceivePaymentDialog),
  ['obBusinessRegistry'],
);
const LinkDialog = lazyPart(
  () => import('./link-dialog').then((module) => module.LinkDialog),
  ['obBusinessRegistry'],
);

const registryId = (registry: ObBusinessRegistry) => registry.fiscalId;

/** The connect flow's return (`?connected=…&error=…`): told once, then taken off the address. */
function useConnectReturn(onReturn: (fiscalId: string) => void) {
  const { t } = useTranslation('obBusinessRegistry');
  const [searchParams, setSearchParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const connected = searchParams.get('connected');
  const error = searchParams.get('error');
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (connected === null || told.current === `${connected}|${error}`) return;
    told.current = `${connected}|${error}`;
    if (error) {
      enqueueSnackbar(
        t('connect.failed', {
          fiscalId: connected,
          reason: t(`connectErrors.${error}`, { defaultValue: t('connectErrors.GenericError') }),
        }),
        { variant: 'error' },
      );
    } else {
      enqueueSnackbar(t('connect.succeeded', { fiscalId: connected }), { variant: 'success' });
      onReturn(connected);
    }
    void queryClient.invalidateQueries({ queryKey: registryQueries.all() });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [connected, error, enqueueSnackbar, onReturn, queryClient, setSearchParams, t]);
}

export default function RegistryPage() {
  const list = useListState(registriesTableKey, { defaultFilters: defaultRegistryFilters });
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(registryQueries.list(list.queryParams));
  const { t } = useTranslation(['obBusinessRegistry', 'listKit']);
  const language = currentLanguage();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const registries = useQuery({
    ...registryQueries.list(list.queryParams),
    placeholderData: keepPreviousData,
  });
  const rows = registries.data?.items;
  const create = useUrlDialog('new', []);
  const edit = useUrlDialog('edit', ['fiscalId']);
  const subscription = useUrlDialog('subscription', ['fiscalId']);
  const accountDetails = useUrlDialog('account', ['uuid']);
  const receive = useUrlDialog('receive', ['uuid']);
  const remove = useRowDialog('delete', rows, registryId);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [readingToggle, setReadingToggle] = useState<ObBusinessRegistry | null>(null);
  const [link, setLink] = useState<{ registry: ObBusinessRegistry; url: string } | null>(null);
  const connect = useConnect();
  const hideInactive = searchParams.get(HIDE_INACTIVE_PARAM) === '1';

  const [expandOnReturn] = useState(
    () => (fiscalId: string) => setExpanded((current) => new Set([...current, fiscalId])),
  );
  useConnectReturn(expandOnReturn);

  const toggleExpanded = (fiscalId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(fiscalId)) next.add(fiscalId);
      return next;
    });

  const startConnect = (registry: ObBusinessRegistry) =>
    connect.mutate(
      {
        fiscalId: registry.fiscalId,
        locale: obLocaleOf(language),
        returnUrl: connectReturnUrl(window.location.origin, registry.fiscalId),
      },
      {
        onSuccess: ({ connectUrl }) => setLink({ registry, url: connectUrl }),
        onError: (error) =>
          enqueueSnackbar(clientErrorDetail(error) || t('errors.generic', { ns: 'common' }), {
            variant: 'error',
          }),
      },
    );

  const shortcut = (screen: 'payments' | 'transactions', fiscalId: string) =>
    void navigate(`/openbanking/${screen}?fiscalId=${encodeURIComponent(fiscalId)}`);

  const columns: DataTableColumn<ObBusinessRegistry>[] = [
    {
      id: 'expand',
      label: t('fields.accounts'),
      render: (registry) => {
        const open = expanded.has(registry.fiscalId);
        const Icon = open ? KeyboardArrowDownIcon : KeyboardArrowRightIcon;
        return (
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={t(open ? 'actions.hideAccounts' : 'actions.showAccounts', {
              name: registry.businessName,
            })}
            data-testid={`ob-expand-${registry.fiscalId}`}
            onClick={() => toggleExpanded(registry.fiscalId)}
          >
            <Icon fontSize="small" />
          </IconButton>
        );
      },
    },
    {
      id: 'fiscalId',
      label: t('fields.fiscalId'),
      render: (registry) => <span style={{ whiteSpace: 'nowrap' }}>{registry.fiscalId}</span>,
    },
    {
      id: 'email',
      label: t('fields.email'),
      breakAnywhere: true,
      render: (registry) => registry.email,
    },
    { id: 'businessName', label: t('fields.businessName'), render: (r) => r.businessName },
    {
      id: 'connect',
      label: t('fields.connect'),
      render: (registry) => (
        <Button
          size="small"
          variant="outlined"
          aria-label={t('actions.connectFor', { name: registry.businessName })}
          data-testid={`ob-connect-${registry.fiscalId}`}
          loading={connect.isPending && connect.variables.fiscalId === registry.fiscalId}
          onClick={() => startConnect(registry)}
        >
          {t('actions.connect')}
        </Button>
      ),
    },
    {
      id: 'enabled',
      label: t('fields.enabled'),
      render: (registry) => (
        <Switch
          checked={registry.enabled}
          onChange={() => setReadingToggle(registry)}
          data-testid={`ob-data-reading-${registry.fiscalId}`}
          slotProps={{
            input: { 'aria-label': t('actions.dataReadingFor', { name: registry.businessName }) },
          }}
        />
      ),
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      query={registries}
      columns={columns}
      getRowId={registryId}
      prefetch={[AccountsTable, RegistryDialog, DataReadingDialog, LinkDialog]}
      headerActions={
        <>
          <FormControlLabel
            label={t('actions.hideInactive')}
            control={
              <Switch
                checked={hideInactive}
                onChange={(event) =>
                  setSearchParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      if (event.target.checked) next.set(HIDE_INACTIVE_PARAM, '1');
                      else next.delete(HIDE_INACTIVE_PARAM);
                      return next;
                    },
                    { replace: true },
                  )
                }
              />
            }
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
            {t('actions.create')}
          </Button>
        </>
      }
      labelDisplayedRows={({ from, to, count, page }) =>
        t('pagination', {
          from,
          to,
          count,
          page: page + 1,
          pages: pageCount(count, list.itemsPerPage),
        })
      }
      renderExpanded={(registry) =>
        expanded.has(registry.fiscalId) ? (
          <AccountsTable
            registry={registry}
            hideInactive={hideInactive}
            onDetails={(uuid) => accountDetails.open({ uuid })}
            onReceivePayment={(uuid) => receive.open({ uuid })}
          />
        ) : null
      }
      rowActions={(registry) => [
        {
          id: 'payments',
          label: t('actions.payments'),
          icon: PaymentsIcon,
          hidden: !registry.enabled,
          onClick: () => shortcut('payments', registry.fiscalId),
        },
        {
          id: 'transactions',
          label: t('actions.transactions'),
          icon: ReceiptLongIcon,
          hidden: !registry.enabled,
          onClick: () => shortcut('transactions', registry.fiscalId),
        },
        {
          id: 'subscription',
          label: t('actions.subscription'),
          icon: CardMembershipIcon,
          onClick: () => subscription.open({ fiscalId: registry.fiscalId }),
        },
        {
          id: 'edit',
          label: t('actions.edit'),
          icon: EditIcon,
          onClick: () => edit.open({ fiscalId: registry.fiscalId }),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          onClick: () => remove.open(registry),
        },
      ]}
    >
      {create.data && <RegistryDialog fiscalId={null} onClose={create.close} />}
      {edit.data && (
        <RegistryDialog
          key={edit.data.fiscalId}
          fiscalId={edit.data.fiscalId}
          onClose={edit.close}
        />
      )}
      {remove.row && <RegistryDeleteDialog registry={remove.row} onClose={remove.close} />}
      {subscription.data && (
        <SubscriptionDialog fiscalId={subscription.data.fiscalId} onClose={subscription.close} />
      )}
      {accountDetails.data && (
        <AccountDetailsDialog uuid={accountDetails.data.uuid} onClose={accountDetails.close} />
      )}
      {receive.data && (
        <ReceivePaymentDialog
          key={receive.data.uuid}
          accountUuid={receive.data.uuid}
          onClose={receive.close}
        />
      )}
      {readingToggle && (
        <DataReadingDialog registry={readingToggle} onClose={() => setReadingToggle(null)} />
      )}
      {link && (
        <LinkDialog
          title={t('connect.title')}
          message={t('connect.message', {
            name: link.registry.businessName,
            fiscalId: link.registry.fiscalId,
          })}
          url={link.url}
          onClose={() => setLink(null)}
        />
      )}
    </ResourceListPage>
  );
}
