/**
 * A dialog about one row of the list (edit, delete, change password…) opened through the URL:
 * `?dialogId=<id>&dialog_<key>=<row id>`. The row is looked up among the rows on screen, so a
 * reload or a link reopens the dialog as soon as the list shows that row.
 */
import { useCallback } from 'react';
import { useUrlDialog } from '../list-kit';

export interface RowDialogControl<T> {
  /** The row the URL names, once the list shows it; null while closed or not (yet) listed. */
  row: T | null;
  /** Opens the dialog for `row` (a history entry: Back closes it). */
  open: (row: T) => void;
  close: () => void;
}

export function useRowDialog<T>(
  dialogId: string,
  rows: readonly T[] | undefined,
  getRowId: (row: T) => string,
  key = 'uuid',
): RowDialogControl<T> {
  const dialog = useUrlDialog(dialogId, [key]);
  const id = dialog.data?.[key];
  const row = id === undefined ? null : (rows?.find((entry) => getRowId(entry) === id) ?? null);
  const { open: openDialog } = dialog;
  const open = useCallback(
    (next: T) => openDialog({ [key]: getRowId(next) } as Record<string, string>),
    [openDialog, getRowId, key],
  );
  return { row, open, close: dialog.close };
}
