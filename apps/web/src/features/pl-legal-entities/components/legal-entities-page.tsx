/**
 * `/gov-pl/legal-entities` (spec "Legal entity list", 3, 4, 5, 8): the Polish legal entities with
 * their status and onboarding status, last sync and receive times; filters (name, NIP, status);
 * "New legal entity"; per row: details, edit, disable/enable (asked first), start onboarding
 * (its link in the success dialog) and connect with a KSeF token (mode 2 from the console). Every
 * dialog but the link's opens through the URL; the link is the answer of a POST and is shown once.
 */
import type { PlLegalEntity } from '@fiscus/contracts';
import AddIcon from '@mui/icons-material/Add';
import AddLinkIcon from '@mui/icons-material/AddLink';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatListMinutes,
  useListState,
  useUrlDialog,
  type DataTableColumn,
  type FilterInput,
  WrappingTimestamp,
} from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { clientErrorDetail } from '../../../lib/hydra';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { useInitOnboarding } from '../api/legal-entity-actions';
import { legalEntityQueries } from '../api/legal-entity-queries';
import { LEGAL_ENTITY_STATUSES } from '../model/contract-codes';
import { defaultLegalEntityFilters, legalEntitiesTableKey } from '../model/legal-entity-list';
import { canConnectWithToken, canStartOnboarding } from '../model/onboarding-status';
import { OnboardingChip, StatusChip } from './legal-entity-chips';

/** The forms, the details, the questions and the link load when opened, or ahead once idle. */
const LegalEntityDialog = lazyPart(
  () => import('./legal-entity-dialog').then((module) => module.LegalEntityDialog),
  ['plLegalEntities'],
);
const LegalEntityDetailsDialog = lazyPart(
  () => import('./legal-entity-details-dialog').then((module) => module.LegalEntityDetailsDialog),
  ['plLegalEntities', 'listKit'],
);
const BlockDialog = lazyPart(
  () => import('./block-dialog').then((module) => module.BlockDialog),
  ['plLegalEntities', 'listKit'],
);
const KsefTokenDialog = lazyPart(
  () => import('./ksef-token-dialog').then((module) => module.KsefTokenDialog),
  ['plLegalEntities'],
);
const OnboardingLinkDialog = lazyPart(
  () => import('./onboarding-link-dialog').then((module) => module.OnboardingLinkDialog),
  ['plLegalEntities'],
);

const entityId = (entity: PlLegalEntity) => entity.uuid;

/** The browser's time zone, named in the subtitle: every time on the screen is in it. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default function LegalEntitiesPage() {
  const list = useListState(legalEntitiesTableKey, { defaultFilters: defaultLegalEntityFilters });
  // Starts the list request before the translations below suspend this render.
  usePrefetchQuery(legalEntityQueries.list(list.queryParams));
  const { t } = useTranslation(['plLegalEntities', 'listKit']);
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const entities = useQuery({
    ...legalEntityQueries.list(list.queryParams),
    placeholderData: keepPreviousData,
  });
  const rows = entities.data?.items;
  const create = useUrlDialog('new', []);
  const edit = useUrlDialog('edit', ['uuid']);
  const details = useUrlDialog('details', ['uuid']);
  const block = useRowDialog('block', rows, entityId);
  const ksefToken = useRowDialog('ksefToken', rows, entityId);
  const initOnboarding = useInitOnboarding();
  const [link, setLink] = useState<{ entity: PlLegalEntity; url: string } | null>(null);

  const startOnboarding = (entity: PlLegalEntity) => {
    initOnboarding.mutate(entity.uuid, {
      onSuccess: ({ url }) => setLink({ entity, url }),
      onError: (error) =>
        enqueueSnackbar(clientErrorDetail(error) || t('errors.generic', { ns: 'common' }), {
          variant: 'error',
        }),
    });
  };

  const syncTime = (value: string | null) =>
    value ? (
      <span title={value}>{formatListMinutes(value, language)}</span>
    ) : (
      <span>{t('never')}</span>
    );

  const columns: DataTableColumn<PlLegalEntity>[] = [
    {
      id: 'name',
      label: t('fields.name'),
      orderField: 'name',
      // The e-mail under the name: an address has no place to wrap, and a column of its own
      // squeezed to the table's width would break it letter by letter.
      render: (entity) => (
        <>
          {entity.name}
          <br />
          <span style={{ fontSize: '0.75rem', opacity: 0.7, overflowWrap: 'anywhere' }}>
            {entity.email}
          </span>
        </>
      ),
    },
    {
      id: 'nip',
      label: t('fields.nip'),
      orderField: 'nip',
      render: (entity) => <span style={{ whiteSpace: 'nowrap' }}>{entity.nip}</span>,
    },
    {
      id: 'email',
      label: t('fields.email'),
      defaultHidden: true,
      render: (entity) => entity.email,
    },
    { id: 'city', label: t('fields.city'), render: (entity) => entity.city },
    {
      id: 'status',
      label: t('fields.status'),
      render: (entity) => <StatusChip status={entity.status} />,
    },
    {
      id: 'onboardingStatus',
      label: t('fields.onboardingStatus'),
      render: (entity) => <OnboardingChip entity={entity} />,
    },
    {
      id: 'lastSyncAt',
      label: t('fields.lastSyncAt'),
      render: (entity) => syncTime(entity.lastSyncAt),
    },
    {
      id: 'lastReceiveAt',
      label: t('fields.lastReceiveAt'),
      render: (entity) => syncTime(entity.lastReceiveAt),
    },
    {
      id: 'createdAt',
      label: t('fields.createdAt'),
      orderField: 'createdAt',
      defaultHidden: true,
      render: (entity) => <WrappingTimestamp value={entity.createdAt} language={language} />,
    },
  ];

  const filters: FilterInput[] = [
    { kind: 'text', name: 'name', label: t('fields.name') },
    { kind: 'text', name: 'nip', label: t('fields.nip') },
    {
      kind: 'select',
      name: 'status',
      label: t('fields.status'),
      options: LEGAL_ENTITY_STATUSES.map((status) => ({
        value: status,
        label: t(`statuses.${status}`),
      })),
    },
  ];

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle', { zone: timeZone })}
      list={list}
      filters={filters}
      query={entities}
      columns={columns}
      getRowId={entityId}
      prefetch={[LegalEntityDialog, LegalEntityDetailsDialog, BlockDialog, KsefTokenDialog]}
      headerActions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
          {t('actions.create')}
        </Button>
      }
      rowActions={(entity) => {
        const blocked = entity.status === 'blocked';
        return [
          {
            id: 'details',
            label: t('actions.details'),
            icon: VisibilityIcon,
            onClick: () => details.open({ uuid: entity.uuid }),
          },
          {
            id: 'edit',
            label: t('actions.edit'),
            icon: EditIcon,
            onClick: () => edit.open({ uuid: entity.uuid }),
          },
          {
            id: 'startOnboarding',
            label: t('actions.startOnboarding'),
            icon: AddLinkIcon,
            hidden: !canStartOnboarding(entity),
            disabled: initOnboarding.isPending && initOnboarding.variables === entity.uuid,
            onClick: () => startOnboarding(entity),
          },
          {
            id: 'connectWithToken',
            label: t('actions.connectWithToken'),
            icon: KeyIcon,
            hidden: !canConnectWithToken(entity),
            onClick: () => ksefToken.open(entity),
          },
          {
            id: 'block',
            label: t(blocked ? 'actions.enable' : 'actions.disable'),
            icon: blocked ? CheckCircleOutlinedIcon : BlockIcon,
            color: blocked ? undefined : 'error',
            onClick: () => block.open(entity),
          },
        ];
      }}
    >
      {create.data && <LegalEntityDialog uuid={null} onClose={create.close} />}
      {edit.data && (
        // A new key per record so the form starts from that record's values.
        <LegalEntityDialog key={edit.data.uuid} uuid={edit.data.uuid} onClose={edit.close} />
      )}
      {details.data && (
        <LegalEntityDetailsDialog uuid={details.data.uuid} onClose={details.close} />
      )}
      {block.row && <BlockDialog entity={block.row} onClose={block.close} />}
      {ksefToken.row && <KsefTokenDialog entity={ksefToken.row} onClose={ksefToken.close} />}
      {link && (
        <OnboardingLinkDialog entity={link.entity} url={link.url} onClose={() => setLink(null)} />
      )}
    </ResourceListPage>
  );
}
