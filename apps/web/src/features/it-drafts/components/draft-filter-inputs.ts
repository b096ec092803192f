import type { FilterInput } from '../../../components/list-kit';
import type { DraftFilters } from '../model/draft-filters';

/**
 * The drafts filter panel (spec 3 "List filters", Drafts). A uuid asks for that one draft,
 * so it disables every other filter (spec 5 "Filters").
 */
export function draftFilterInputs(
  applied: DraftFilters,
  t: (key: string) => string,
): FilterInput[] {
  const disabled = applied.uuid.trim() !== '';
  const text = (name: keyof DraftFilters, label: string): FilterInput => ({
    kind: 'text',
    name,
    label: t(`fields.${label}`),
    disabled,
  });
  return [
    { kind: 'text', name: 'uuid', label: t('fields.uuid') },
    {
      kind: 'dateRange',
      fromName: 'created_at[after]',
      toName: 'created_at[before]',
      label: t('fields.created_at'),
      disabled,
    },
    {
      kind: 'dateRange',
      fromName: 'invoiceDate[after]',
      toName: 'invoiceDate[before]',
      label: t('fields.invoiceDate'),
      disabled,
    },
    text('sender.business_name', 'senderName'),
    text('sender.fiscalId', 'senderFiscalId'),
    text('recipient.business_name', 'recipientName'),
    text('recipient.fiscalId', 'recipientFiscalId'),
  ];
}
