/**
 * The list page of a resource on the list kit: header (title, buttons, explanation), filters,
 * the table (columns, sorting, pagination, bulk selection, empty, loading and error states), the
 * row actions and the page's dialogs. A screen declares these; the kit renders them the same way
 * on every page.
 */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import {
  DataTable,
  FilterPanel,
  RefreshButton,
  type DataTableColumn,
  type FilterInput,
  type FilterValues,
  type ListState,
  type RowSelection,
} from '../list-kit';
import { usePrefetchWhenIdle, type Preloadable } from '../../lib/lazy-part';
import { ListPageHeader } from './list-page-header';
import { RowActions, type RowAction } from './row-actions';

/** What the page needs from the list's query (a TanStack `useQuery` result fits). */
export interface ListQueryResult<T> {
  data?: { items: T[]; total: number };
  isPending: boolean;
  isError: boolean;
  /** Asks again: the refresh button and Search with unchanged filters call it. */
  refetch?: () => unknown;
  /** An answer is on its way (the refresh button spins). */
  isFetching?: boolean;
}

export interface ResourceListPageProps<T, F extends FilterValues> {
  title: string;
  subtitle?: string;
  /** Buttons beside the title. */
  headerActions?: ReactNode;
  /** Buttons in the table's toolbar (e.g. "New"). */
  toolbar?: ReactNode;
  list: ListState<F>;
  /** The filter panel's inputs; none = no panel. */
  filters?: FilterInput[];
  /** The filter panel opens on first render (a list that needs a filter before it shows rows). */
  filtersExpanded?: boolean;
  query: ListQueryResult<T>;
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  rowActions?: (row: T) => readonly RowAction[];
  selection?: RowSelection;
  /** Accessible name of the table; the title by default. */
  tableLabel?: string;
  /** The page's dialogs, usually opened through the URL (`useUrlDialog`, `useRowDialog`). */
  children?: ReactNode;
  /**
   * The page's lazily loaded parts (`lib/lazy-part`: dialogs, forms), fetched once the rows are
   * on screen and the browser is idle, so opening one is instant and the rows never wait.
   */
  prefetch?: readonly Preloadable[];
  /** What opens under a row (`DataTable`'s `renderExpanded`). */
  renderExpanded?: (row: T) => ReactNode;
  /** The pagination's text, when the screen words it otherwise. */
  labelDisplayedRows?: (info: { from: number; to: number; count: number; page: number }) => string;
}

export function ResourceListPage<T, F extends FilterValues>({
  title,
  subtitle,
  headerActions,
  toolbar,
  list,
  filters,
  filtersExpanded = false,
  query,
  columns,
  getRowId,
  rowActions,
  selection,
  tableLabel,
  children,
  prefetch = [],
  renderExpanded,
  labelDisplayedRows,
}: ResourceListPageProps<T, F>) {
  usePrefetchWhenIdle(prefetch, query.data !== undefined);
  const refetch = query.refetch;
  const refresh = refetch ? () => void refetch() : undefined;
  return (
    <Box>
      <ListPageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {headerActions}
            {refresh && (
              <RefreshButton
                onRefresh={refresh}
                isRefreshing={query.isFetching === true && !query.isPending}
              />
            )}
          </>
        }
      />
      {filters && filters.length > 0 && (
        <FilterPanel
          state={list}
          inputs={filters}
          defaultExpanded={filtersExpanded}
          onRefresh={refresh}
        />
      )}
      <DataTable<T>
        label={tableLabel ?? title}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total ?? 0}
        getRowId={getRowId}
        state={list}
        isLoading={query.isPending}
        isError={query.isError}
        toolbar={toolbar}
        selection={selection}
        rowActions={rowActions && ((row) => <RowActions actions={rowActions(row)} />)}
        renderExpanded={renderExpanded}
        labelDisplayedRows={labelDisplayedRows}
      />
      {children}
    </Box>
  );
}
