/**
 * `/business-registry-configurations` (spec 2.6): the account's companies with their filters and
 * columns, the supplier-invoice settings box, 'New' and the row actions (view jobs, statistics,
 * settings, delete). Every dialog opens through the URL.
 */
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import BarChartIcon from '@mui/icons-material/BarChart';
import DeleteIcon from '@mui/icons-material/Delete';
import SettingsIcon from '@mui/icons-material/Settings';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { lazyPart } from '../../../lib/lazy-part';
import { useCan } from '../../../lib/roles';
import { registryQueries } from '../api/registry-queries';
import { canCreateRegistries } from '../model/registry-access';
import { jobsOfRegistry } from '../model/registry-links';
import { RegistryDeleteDialog } from './registry-delete-dialog';

import {
  BUSINESS_REGISTRY_TABLE_KEY,
  registryColumns,
  registryDefaultFilters,
  registryFilterInputs,
} from './registry-list';

import { SupplierInvoiceSettings } from './supplier-invoice-settings';

/** The registry form and the statistics load when opened, or ahead once the rows show. */
const RegistryDialog = lazyPart(
  () => import('./registry-dialog').then((module) => module.RegistryDialog),
  ['businessRegistry', 'listKit'],
);
const RegistryStatisticsDialog = lazyPart(
  () => import('./registry-statistics-dialog').then((module) => module.RegistryStatisticsDialog),
  ['businessRegistry', 'statistics'],
);

/** The settings dialog's `dialog_fiscal_id` when it creates a registry (no fiscal id is lower-case). */
export const NEW_REGISTRY = 'new';

const registryId = (row: BusinessRegistryConfiguration) => row.fiscal_id;

export interface BusinessRegistryPageProps {
  /** The yearly statistics of one fiscal id (the statistics feature, given by `app/pages`). */
  statistics?: (fiscalId: string) => ReactNode;
}

export default function BusinessRegistryPage({ statistics }: BusinessRegistryPageProps) {
  const list = useListState(BUSINESS_REGISTRY_TABLE_KEY, {
    defaultFilters: registryDefaultFilters,
  });
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(registryQueries.list(list.queryParams));
  const { t } = useTranslation(['businessRegistry', 'listKit']);
  const navigate = useNavigate();
  const access = useCan();
  const registries = useQuery({
    ...registryQueries.list(list.queryParams),
    placeholderData: keepPreviousData,
  });
  const settings = useUrlDialog('business-registry', ['fiscal_id']);
  const stats = useUrlDialog('registry-statistics', ['fiscal_id']);
  const remove = useRowDialog('delete', registries.data?.items, registryId, 'fiscal_id');
  const mayCreate = canCreateRegistries(access);
  const settingsId = settings.data?.fiscal_id;
  // The registry the open 'new' dialog created: the same dialog goes on with it (same key).
  const [created, setCreated] = useState<string | null>(null);

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      prefetch={[RegistryDialog, RegistryStatisticsDialog]}
      list={list}
      filters={registryFilterInputs(t)}
      query={registries}
      columns={registryColumns(t)}
      getRowId={registryId}
      toolbar={
        mayCreate && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => settings.open({ fiscal_id: NEW_REGISTRY })}
          >
            {t('actions.create')}
          </Button>
        )
      }
      rowActions={(row) => [
        {
          id: 'jobs',
          label: t('actions.jobs'),
          icon: WorkHistoryIcon,
          onClick: () => void navigate(jobsOfRegistry(row.fiscal_id)),
        },
        {
          id: 'statistics',
          label: t('actions.statistics'),
          icon: BarChartIcon,
          hidden: !statistics,
          onClick: () => stats.open({ fiscal_id: row.fiscal_id }),
        },
        {
          id: 'settings',
          label: t('actions.settings'),
          icon: SettingsIcon,
          onClick: () => settings.open({ fiscal_id: row.fiscal_id }),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          hidden: !mayCreate,
          onClick: () => remove.open(row),
        },
      ]}
    >
      <SupplierInvoiceSettings />
      {settingsId !== undefined && (
        <RegistryDialog
          // A new key per registry so each opening starts from that registry's values.
          key={settingsId === created ? NEW_REGISTRY : settingsId}
          fiscalId={settingsId === NEW_REGISTRY ? null : settingsId}
          onClose={() => {
            setCreated(null);
            settings.close();
          }}
          onCreated={(registry) => {
            setCreated(registry.fiscal_id);
            settings.open({ fiscal_id: registry.fiscal_id }, { replace: true });
          }}
        />
      )}
      {stats.data && statistics && (
        <RegistryStatisticsDialog fiscalId={stats.data.fiscal_id} onClose={stats.close}>
          {statistics(stats.data.fiscal_id)}
        </RegistryStatisticsDialog>
      )}
      {remove.row && <RegistryDeleteDialog registry={remove.row} onClose={remove.close} />}
    </ResourceListPage>
  );
}
