/**
 * `/peppol/legal-entities` and `/peppol-be/legal-entities` (spec "Peppol legal entities"): the
 * legal entities of the screen's domain (read from its path), with the filters (name,
 * identifier, sort field and sort type), the table (name, identifier linking out to the public
 * Peppol Directory, created, updated, SMP registration) with edit and delete, and the new and
 * edit dialogs through the URL.
 */
import type { PeppolLegalEntity } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  useListState,
  useUrlDialog,
  WrappingTimestamp,
  type DataTableColumn,
  type FilterInput,
} from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { peppolDomainOfPath } from '../../../lib/peppol-domain';
import { legalEntityQueries } from '../api/legal-entity-queries';
import {
  defaultLegalEntityFilters,
  legalEntitiesTableKey,
  legalEntitySortFields,
  peppolDirectoryUrl,
  sortDirections,
  toLegalEntityListQuery,
} from '../model/legal-entity-list';

/**
 * The form (its schema, pickers and the SMP rows) and the delete question load when opened, or
 * ahead once idle.
 */
const LegalEntityDialog = lazyPart(
  () => import('./legal-entity-dialog').then((module) => module.LegalEntityDialog),
  ['peppolLegalEntities'],
);
const ReceivingCheckDialog = lazyPart(
  () => import('./receiving-check-dialog').then((module) => module.ReceivingCheckDialog),
  ['peppolLegalEntities'],
);
const LegalEntityDeleteDialog = lazyPart(
  () => import('./legal-entity-delete-dialog').then((module) => module.LegalEntityDeleteDialog),
  ['peppolLegalEntities'],
);

const entityId = (entity: PeppolLegalEntity) => entity.uuid;

export default function LegalEntitiesPage() {
  const domain = peppolDomainOfPath(useLocation().pathname);
  const list = useListState(legalEntitiesTableKey(domain), {
    defaultFilters: defaultLegalEntityFilters,
  });
  const query = useMemo(() => toLegalEntityListQuery(list.queryParams), [list.queryParams]);
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(legalEntityQueries.list(domain, query));
  const { t } = useTranslation(['peppolLegalEntities', 'listKit']);
  const language = currentLanguage();
  const entities = useQuery({
    ...legalEntityQueries.list(domain, query),
    placeholderData: keepPreviousData,
  });
  const create = useUrlDialog('new', []);
  const edit = useUrlDialog('edit', ['uuid']);
  const remove = useRowDialog('delete', entities.data?.items, entityId);
  const receiving = useUrlDialog('receiving', ['uuid']);

  const columns: DataTableColumn<PeppolLegalEntity>[] = [
    {
      id: 'registeredName',
      label: t('fields.registeredName'),
      orderField: 'registeredName',
      render: (entity) => entity.registeredName,
    },
    {
      id: 'identifierValue',
      label: t('fields.identifierValue'),
      orderField: 'identifierValue',
      breakAnywhere: true,
      render: (entity) => (
        <Link
          href={peppolDirectoryUrl(entity.identifierScheme, entity.identifierValue)}
          target="_blank"
          rel="noopener noreferrer"
          title={t('directory.search')}
          aria-label={t('directory.searchFor', {
            identifier: `${entity.identifierScheme}:${entity.identifierValue}`,
          })}
        >
          {entity.identifierScheme}:{entity.identifierValue}
          <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'text-top' }} />
        </Link>
      ),
    },
    {
      id: 'city',
      label: t('fields.city'),
      defaultHidden: true,
      render: (entity) => [entity.city, entity.country].filter(Boolean).join(', '),
    },
    {
      id: 'createdAt',
      label: t('fields.createdAt'),
      orderField: 'createdAt',
      render: (entity) => <WrappingTimestamp value={entity.createdAt} language={language} />,
    },
    {
      id: 'updatedAt',
      label: t('fields.updatedAt'),
      render: (entity) => <WrappingTimestamp value={entity.updatedAt} language={language} />,
    },
    {
      id: 'smpEnabled',
      label: t('fields.smpEnabled'),
      render: (entity) => (
        <>
          <Chip
            size="small"
            variant={entity.smpEnabled ? 'filled' : 'outlined'}
            color={entity.smpEnabled ? 'success' : 'default'}
            label={t(entity.smpEnabled ? 'smp.on' : 'smp.off')}
          />
          {entity.smpEnabled && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {t('smp.documentTypes', { count: entity.capabilities.length })}
            </Typography>
          )}
        </>
      ),
    },
  ];

  const filters: FilterInput[] = [
    { kind: 'text', name: 'registeredName', label: t('fields.registeredName') },
    { kind: 'text', name: 'identifierValue', label: t('fields.identifierValue') },
    {
      kind: 'select',
      name: 'sortField',
      label: t('sort.field'),
      options: legalEntitySortFields.map((field) => ({
        value: field,
        label: t(`fields.${field}`),
      })),
    },
    {
      kind: 'select',
      name: 'sortType',
      label: t('sort.type'),
      options: sortDirections.map((direction) => ({
        value: direction,
        label: t(`sort.${direction}`),
      })),
      // Spec: the sort type waits for a sort field.
      disabled: (values) => values.sortField === '',
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t(domain === 'be' ? 'subtitleBe' : 'subtitle')}
      list={list}
      filters={filters}
      query={entities}
      columns={columns}
      getRowId={entityId}
      prefetch={[LegalEntityDialog, LegalEntityDeleteDialog, ReceivingCheckDialog]}
      headerActions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
          {t('actions.create')}
        </Button>
      }
      rowActions={(entity) => [
        {
          id: 'edit',
          label: t('actions.edit'),
          icon: EditIcon,
          onClick: () => edit.open({ uuid: entity.uuid }),
        },
        {
          id: 'receiving',
          label: t('actions.receivingCheck'),
          icon: NetworkCheckIcon,
          onClick: () => receiving.open({ uuid: entity.uuid }),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          icon: DeleteIcon,
          color: 'error',
          onClick: () => remove.open(entity),
        },
      ]}
    >
      {create.data && <LegalEntityDialog domain={domain} uuid={null} onClose={create.close} />}
      {edit.data && (
        <LegalEntityDialog
          // A new key per record so the form starts from that record's values.
          key={edit.data.uuid}
          domain={domain}
          uuid={edit.data.uuid}
          onClose={edit.close}
        />
      )}
      {receiving.data && (
        <ReceivingCheckDialog
          domain={domain}
          uuid={receiving.data.uuid}
          onClose={receiving.close}
        />
      )}
      {remove.row && (
        <LegalEntityDeleteDialog domain={domain} entity={remove.row} onClose={remove.close} />
      )}
    </ResourceListPage>
  );
}
