/**
 * What the business registry list shows (spec 2.6, 3): its filters (fiscalId, email, name and the
 * tri-state flags), its columns (configurable; the flags as yes/no chips) and the table's
 * localStorage key.
 */
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import type { DataTableColumn, FilterInput } from '../../../components/list-kit';

/** Key of this table's column choices in localStorage. */
export const BUSINESS_REGISTRY_TABLE_KEY = 'it-business-registry';

export const registryDefaultFilters = {
  fiscalId: '',
  email: '',
  name: '',
  supplierInvoiceEnabled: '',
  applySignature: '',
  applyLegalStorage: '',
  legalStorageActive: '',
};

export function registryFilterInputs(t: TFunction): FilterInput[] {
  return [
    { kind: 'text', name: 'fiscalId', label: t('fields.fiscal_id') },
    { kind: 'text', name: 'email', label: t('fields.email'), type: 'email' },
    { kind: 'text', name: 'name', label: t('fields.name') },
    {
      kind: 'triState',
      name: 'supplierInvoiceEnabled',
      label: t('fields.supplier_invoice_enabled'),
    },
    { kind: 'triState', name: 'applySignature', label: t('fields.apply_signature') },
    { kind: 'triState', name: 'applyLegalStorage', label: t('fields.apply_legal_storage') },
    { kind: 'triState', name: 'legalStorageActive', label: t('fields.legal_storage_active') },
  ];
}

function Flag({ on, t }: { on: boolean; t: TFunction }) {
  return (
    <Chip
      size="small"
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      label={on ? t('values.yes') : t('values.no')}
    />
  );
}

type FlagField =
  'supplier_invoice_enabled' | 'apply_signature' | 'apply_legal_storage' | 'receipts_enabled';

export function registryColumns(t: TFunction): DataTableColumn<BusinessRegistryConfiguration>[] {
  const flag = (id: FlagField): DataTableColumn<BusinessRegistryConfiguration> => ({
    id,
    label: t(`fields.${id}`),
    render: (row) => <Flag on={row[id]} t={t} />,
  });
  return [
    {
      id: 'fiscal_id',
      label: t('fields.fiscal_id'),
      orderField: 'fiscalId',
      render: (row) => (
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {row.fiscal_id}
        </Box>
      ),
    },
    {
      id: 'email',
      label: t('fields.email'),
      // An address is one token: it may break anywhere, so the flags' labels keep their words.
      breakAnywhere: true,
      render: (row) => row.email ?? '—',
    },
    { id: 'name', label: t('fields.name'), orderField: 'name', render: (row) => row.name ?? '—' },
    flag('supplier_invoice_enabled'),
    flag('apply_signature'),
    flag('apply_legal_storage'),
    flag('receipts_enabled'),
  ];
}
