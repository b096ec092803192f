import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import type { Theme } from '@mui/material/styles';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser } from './column-chooser';
import type { ListOrder } from './list-query-string';

export interface DataTableColumn<T> {
  /** Stable id: the key of the column choice in localStorage. */
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The API's `order[...]` field; when set the header sorts. */
  orderField?: string;
  /** Hidden until the user shows it in the Columns menu. */
  defaultHidden?: boolean;
  align?: 'left' | 'right' | 'center';
  /**
   * The column holds long tokens without spaces (file names, uuids, SDI ids, e-mails, URLs,
   * invoice numbers): they may break anywhere, so the column can be narrow. Other columns keep
   * their words whole (names, labels) and wrap only between words.
   */
  breakAnywhere?: boolean;
}

/** What the table needs from `useListState`. */
export interface DataTableState {
  page: number;
  itemsPerPage: number;
  order: ListOrder | null;
  setPage: (page: number) => void;
  setItemsPerPage: (itemsPerPage: number) => void;
  toggleOrder: (field: string) => void;
  isColumnVisible: (columnId: string, defaultVisible?: boolean) => boolean;
  setColumnVisible: (columnId: string, visible: boolean) => void;
  resetColumns: () => void;
}

export interface RowSelection {
  selectedIds: string[];
  onChange: (ids: string[]) => void;
  /** Buttons acting on the selected rows, shown above the table while some are selected. */
  bulkActions?: (ids: string[]) => ReactNode;
}

interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  total: number;
  getRowId: (row: T) => string;
  state: DataTableState;
  isLoading: boolean;
  isError: boolean;
  rowActions?: (row: T) => ReactNode;
  selection?: RowSelection;
  /** Extra buttons in the toolbar (e.g. "New"). */
  toolbar?: ReactNode;
  pageSizeOptions?: number[];
  /**
   * What opens under a row (a nested table): drawn across the whole row beneath it, or nothing
   * when it returns null. The page keeps which rows are open and draws the arrow in a column.
   */
  renderExpanded?: (row: T) => ReactNode;
  /** The pagination's "1–30 of 120" text, when a screen words it otherwise. */
  labelDisplayedRows?: (info: { from: number; to: number; count: number; page: number }) => string;
}

const DEFAULT_PAGE_SIZE_OPTIONS = [10, 30, 50, 100];

/** Class names of the cells the table-level rules below style (none is MUI's own). */
const CELL = { token: 'fiscus-token-cell', actions: 'fiscus-actions-cell' } as const;

/**
 * How every cell looks, said once on the table rather than as an `sx` on each of a page's
 * 300-odd cells (each `sx` is turned into a style rule on every render: a fifth of the time
 * a 30-row list took to show, 7 Dec 2026).
 *
 * - Headers in bold, their long labels wrapping between words at the foot of the header row.
 * - 12 px between columns instead of 16: ten columns of a list (the drafts in Polish) fit at
 *   1440 px with their words whole.
 * - Body cells keep their words whole and wrap between them ('break-word' breaks a word only
 *   when it is wider than the whole column); a token column (e-mails, file names, uuids, invoice
 *   numbers) breaks its tokens anywhere so it can be narrow, which also lets the table shrink it
 *   below its longest word; on a phone it keeps room for a dozen characters or more and the
 *   table scrolls sideways instead of narrowing it to a letter a line.
 * - A status chip's label wraps between its words like any other label ('Zablokowana wersja
 *   robocza'), instead of holding its column at the width of the whole phrase.
 * - The actions column stays in view at the right edge when a table is wider than the screen,
 *   over the cells scrolling beneath it. Not on a phone: there it would take half the screen
 *   and cover the name beneath it; the row scrolls to its actions instead.
 */
const TABLE_CELLS = {
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1.5 },
  '& .MuiTableCell-body': { overflowWrap: 'break-word' },
  [`& .${CELL.token}`]: { overflowWrap: 'anywhere', minWidth: { xs: '16ch', sm: 0 } },
  '& .MuiTableCell-body .MuiChip-root': { height: 'auto', minHeight: 24, maxWidth: '100%' },
  '& .MuiTableCell-body .MuiChip-label': { whiteSpace: 'normal' },
  [`& .${CELL.actions}`]: {
    position: { xs: 'static', sm: 'sticky' },
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
    whiteSpace: 'nowrap',
  },
  // Long labels wrap between words, so the columns fit the screen.
  '& .MuiTableCell-head': { fontWeight: 600, verticalAlign: 'bottom' },
} as const;

/**
 * The table of every list screen: column choices, sortable headers, pagination, loading,
 * empty and error states, row actions and optional row selection. On error the table is
 * hidden and only the generic message shows (spec 8).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  total,
  getRowId,
  state,
  isLoading,
  isError,
  rowActions,
  selection,
  toolbar,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  renderExpanded,
  labelDisplayedRows,
}: DataTableProps<T>) {
  const { t } = useTranslation('listKit');
  const visibleColumns = columns.filter((column) =>
    state.isColumnVisible(column.id, !column.defaultHidden),
  );
  const pageRows = rows ?? [];
  const pageIds = pageRows.map(getRowId);
  const selectedOnPage = selection
    ? pageIds.filter((id) => selection.selectedIds.includes(id))
    : [];
  const columnCount = visibleColumns.length + (rowActions ? 1 : 0) + (selection ? 1 : 0);
  const sizeOptions = pageSizeOptions.includes(state.itemsPerPage)
    ? pageSizeOptions
    : [...pageSizeOptions, state.itemsPerPage].sort((a, b) => a - b);

  const toggleRow = (id: string) => {
    if (!selection) return;
    selection.onChange(
      selection.selectedIds.includes(id)
        ? selection.selectedIds.filter((selected) => selected !== id)
        : [...selection.selectedIds, id],
    );
  };
  const togglePage = () => {
    if (!selection) return;
    const allSelected = selectedOnPage.length === pageIds.length;
    selection.onChange(
      allSelected
        ? selection.selectedIds.filter((id) => !pageIds.includes(id))
        : [...new Set([...selection.selectedIds, ...pageIds])],
    );
  };

  let body: ReactNode;
  if (isLoading) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
          <CircularProgress size={32} aria-label={t('table.loading')} />
        </TableCell>
      </TableRow>
    );
  } else if (pageRows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
          <Typography color="text.secondary">{t('table.empty')}</Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = pageRows.map((row) => {
      const id = getRowId(row);
      const selected = selection?.selectedIds.includes(id) ?? false;
      const expanded = renderExpanded?.(row) ?? null;
      return (
        <Fragment key={id}>
          <TableRow hover selected={selected}>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected}
                  onChange={() => toggleRow(id)}
                  slotProps={{ input: { 'aria-label': t('table.selectRow', { id }) } }}
                />
              </TableCell>
            )}
            {visibleColumns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                className={column.breakAnywhere ? CELL.token : undefined}
              >
                {column.render(row)}
              </TableCell>
            ))}
            {rowActions && (
              <TableCell align="right" className={CELL.actions}>
                {rowActions(row)}
              </TableCell>
            )}
          </TableRow>
          {expanded !== null && (
            <TableRow>
              <TableCell colSpan={columnCount} sx={{ bgcolor: 'action.hover', py: 1.5 }}>
                {expanded}
              </TableCell>
            </TableRow>
          )}
        </Fragment>
      );
    });
  }

  return (
    <Paper variant="outlined">
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 52 }}
      >
        {selection && selection.selectedIds.length > 0 ? (
          <>
            <Typography sx={{ mr: 1 }}>
              {t('table.selectedCount', { count: selection.selectedIds.length })}
            </Typography>
            {selection.bulkActions?.(selection.selectedIds)}
          </>
        ) : (
          toolbar
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!isError && (
          <ColumnChooser
            columns={columns.map((column) => ({
              id: column.id,
              label: column.label,
              visible: state.isColumnVisible(column.id, !column.defaultHidden),
            }))}
            onToggle={state.setColumnVisible}
            onReset={state.resetColumns}
          />
        )}
      </Stack>
      {isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('table.error')}
        </Alert>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={label} aria-busy={isLoading} sx={TABLE_CELLS}>
              <TableHead>
                <TableRow>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        indeterminate={
                          selectedOnPage.length > 0 && selectedOnPage.length < pageIds.length
                        }
                        checked={pageIds.length > 0 && selectedOnPage.length === pageIds.length}
                        disabled={pageIds.length === 0}
                        onChange={togglePage}
                        slotProps={{ input: { 'aria-label': t('table.selectPage') } }}
                      />
                    </TableCell>
                  )}
                  {visibleColumns.map((column) => {
                    const active = state.order?.field === column.orderField;
                    return (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sortDirection={active && state.order ? state.order.direction : false}
                      >
                        {column.orderField ? (
                          <TableSortLabel
                            active={active}
                            direction={active && state.order ? state.order.direction : 'asc'}
                            onClick={() =>
                              column.orderField && state.toggleOrder(column.orderField)
                            }
                          >
                            {column.label}
                          </TableSortLabel>
                        ) : (
                          column.label
                        )}
                      </TableCell>
                    );
                  })}
                  {rowActions && (
                    <TableCell align="right" className={CELL.actions}>
                      {t('table.actions')}
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>{body}</TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={Math.max(0, state.page - 1)}
            rowsPerPage={state.itemsPerPage}
            rowsPerPageOptions={sizeOptions}
            onPageChange={(_event, page) => state.setPage(page + 1)}
            onRowsPerPageChange={(event) => state.setItemsPerPage(Number(event.target.value))}
            labelRowsPerPage={t('table.rowsPerPage')}
            labelDisplayedRows={
              labelDisplayedRows ??
              (({ from, to, count }) => t('table.displayedRows', { from, to, count }))
            }
            getItemAriaLabel={(type) => t(`table.goTo.${type}`)}
          />
        </>
      )}
    </Paper>
  );
}
