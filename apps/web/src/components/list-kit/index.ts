/**
 * The list kit shared by every list screen (ARCHITECTURE "The console"). A screen declares its
 * filters and columns; the kit owns the state (URL + localStorage) and the rendering:
 *
 *   const list = useListState('it-invoices', { defaultFilters: { number: '', 'status[]': [] } });
 *   const invoices = useQuery(invoiceQueries.list(list.queryParams));
 *   <FilterPanel state={list} inputs={[{ kind: 'text', name: 'number', label: t('fields.number') }]} />
 *   <DataTable label={t('title')} state={list} columns={columns} rows={invoices.data?.items}
 *     total={invoices.data?.total ?? 0} getRowId={(row) => row.uuid}
 *     isLoading={invoices.isPending} isError={invoices.isError} />
 *
 * Dialogs open through the URL: `useUrlDialog('invoice', ['uuid'])` (alias `useDetailsDialog`)
 * mirrors `?dialogId=invoice&dialog_uuid=…`, `useUrlDialog('new', [])` mirrors `?dialogId=new`.
 * A whole list page (header, filters, table, row actions) is `components/resource-page`.
 * Forms and confirmations live in the form kit (`components/form`).
 */
export { useListState, DEFAULT_PAGE_SIZE } from './use-list-state';
export type { ListState, ListStateOptions } from './use-list-state';
export { MAX_ITEMS_PER_PAGE } from './list-query-string';
export type {
  FilterValue,
  FilterValues,
  ListOrder,
  ListQueryParams,
  OrderDirection,
} from './list-query-string';
export { FilterPanel } from './filter-panel';
export { RefreshButton } from './refresh-button';
export type { RefreshButtonProps } from './refresh-button';
export type {
  DateRangeFilterInput,
  FilterInput,
  FilterOption,
  MultiSelectFilterInput,
  SelectFilterInput,
  TextFilterInput,
  TriStateFilterInput,
} from './filter-inputs';
export { DataTable } from './data-table';
export type { DataTableColumn, DataTableState, RowSelection } from './data-table';
export { DetailsDialog, DetailsList } from './details-dialog';
export { DialogLink } from './dialog-link';
export {
  useDetailsDialog,
  useUrlDialog,
  DIALOG_ID_PARAM,
  DIALOG_DATA_PREFIX,
  dialogHref,
} from './use-details-dialog';
export type { DetailsDialogControl } from './use-details-dialog';
// Moved to the form kit; kept here until the pages import it from there.
export { ConfirmDialog } from '../form/confirm-dialog';
export {
  DATE_PRESETS,
  MIN_FILTER_YEAR,
  datePresetRange,
  dayEndBound,
  dayStartBound,
} from './date-presets';
export type { DatePreset, DayRange } from './date-presets';
export {
  formatConsoleDate,
  formatListDate,
  formatListMinutes,
  formatListTimestamp,
} from './timestamp';
export type { DateKind } from './timestamp';
export { WrappingTimestamp } from './wrapping-timestamp';
