/** The list kit shared by every list screen (ARCHITECTURE "The console"). */
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
export { useDetailsDialog, DIALOG_ID_PARAM, DIALOG_DATA_PREFIX } from './use-details-dialog';
export type { DetailsDialogControl } from './use-details-dialog';
export { ConfirmDialog } from './confirm-dialog';
export {
  DATE_PRESETS,
  MIN_FILTER_YEAR,
  datePresetRange,
  dayEndBound,
  dayStartBound,
} from './date-presets';
export type { DatePreset, DayRange } from './date-presets';
export { applyServerErrors, useValidationMessage, validationMessageKey } from './form-errors';
export type { ServerFormError } from './form-errors';
export { ServerErrorAlert } from './server-error-alert';
export { formatListTimestamp } from './timestamp';
