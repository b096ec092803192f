import type { FilterInput, FilterValues } from '../../../components/list-kit';
import { hasInvoiceDate, markingsByDirection } from '../model/invoice-filters';
import type { InvoiceDirection, InvoiceFilters } from '../model/invoice-filters';

/** Document types offered by the filter (FatturaPA TipoDocumento). */
export const DOCUMENT_TYPES = [
  'TD01',
  'TD02',
  'TD03',
  'TD04',
  'TD05',
  'TD06',
  'TD07',
  'TD08',
  'TD09',
  'TD16',
  'TD17',
  'TD18',
  'TD19',
  'TD20',
  'TD21',
  'TD22',
  'TD23',
  'TD24',
  'TD25',
  'TD26',
  'TD27',
  'TD28',
  'TD29',
] as const;

/** Spec 5: a uuid filter disables every other filter. */
function byUuid(values: FilterValues): boolean {
  return typeof values.uuid === 'string' && values.uuid.trim() !== '';
}

/** Spec 5: the invoice number is enabled only with an invoice date (not with 'No dates'). */
function numberDisabled(values: FilterValues): boolean {
  return byUuid(values) || !hasInvoiceDate(values as InvoiceFilters);
}

/**
 * The filter panel of an invoice list (spec 3 "List filters"). The rules of spec 5 read the
 * values being edited, so they apply as the user types: a uuid disables everything else, the
 * invoice number needs an invoice date.
 */
export function invoiceFilterInputs(
  direction: InvoiceDirection,
  t: (key: string) => string,
): FilterInput[] {
  const yesNo = (name: keyof InvoiceFilters): FilterInput => ({
    kind: 'triState',
    name,
    label: t(`fields.${name}`),
    trueValue: '1',
    falseValue: '0',
    disabled: byUuid,
  });
  const inputs: FilterInput[] = [
    { kind: 'text', name: 'uuid', label: t('fields.uuid') },
    {
      kind: 'dateRange',
      fromName: 'invoiceDate[after]',
      toName: 'invoiceDate[before]',
      label: t('fields.invoiceDate'),
      disabled: byUuid,
    },
    {
      kind: 'text',
      name: 'invoiceNumber',
      label: t('fields.invoiceNumber'),
      disabled: numberDisabled,
    },
    {
      kind: 'dateRange',
      fromName: 'createdAt[after]',
      toName: 'createdAt[before]',
      label: t('fields.created_at'),
      disabled: byUuid,
    },
    {
      kind: 'select',
      name: 'documentType',
      label: t('fields.document_type'),
      options: DOCUMENT_TYPES.map((type) => ({ value: type, label: type })),
      disabled: byUuid,
    },
    {
      kind: 'multiSelect',
      name: 'marking[]',
      label: t('fields.marking'),
      options: markingsByDirection[direction].map((marking) => ({
        value: marking,
        label: t(`markings.${marking}`),
      })),
      disabled: byUuid,
    },
    { kind: 'text', name: 'sender.businessName', label: t('fields.senderName'), disabled: byUuid },
    { kind: 'text', name: 'sender.fiscalId', label: t('fields.senderFiscalId'), disabled: byUuid },
    {
      kind: 'text',
      name: 'recipient.businessName',
      label: t('fields.recipientName'),
      disabled: byUuid,
    },
    {
      kind: 'text',
      name: 'recipient.fiscalId',
      label: t('fields.recipientFiscalId'),
      disabled: byUuid,
    },
    yesNo('downloaded'),
    yesNo('toPa'),
    yesNo('signed'),
    yesNo('stamp'),
  ];
  if (direction === 0) {
    inputs.push({
      kind: 'select',
      name: 'rejectedToFix',
      label: t('fields.rejectedToFix'),
      options: [{ value: '1', label: t('values.yes') }],
      disabled: byUuid,
    });
    inputs.push({
      kind: 'select',
      name: 'paid',
      label: t('fields.paid'),
      options: [
        { value: 'true', label: t('payment.filter.paid') },
        { value: 'false', label: t('payment.filter.notPaid') },
      ],
      disabled: byUuid,
    });
  }
  return inputs;
}
