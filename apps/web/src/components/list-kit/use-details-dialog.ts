/**
 * Dialogs opened through the URL: details, forms and confirmations alike
 * (`?dialogId=invoice&dialog_uuid=…`, `?dialogId=edit&dialog_uuid=…`, `?dialogId=new`), so Back
 * closes them, a reload keeps them open and a link reopens them.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Query key naming the open dialog (spec 2.1: "Dialogs can open from a dialogId query parameter"). */
export const DIALOG_ID_PARAM = 'dialogId';
/**
 * Prefix of the dialog's data keys in the query string. Without it a details dialog keyed by
 * `email` would overwrite the list's `email` filter.
 */
export const DIALOG_DATA_PREFIX = 'dialog_';

export type DialogData<K extends string> = Record<K, string>;

/**
 * The link that opens dialog `dialogId` with `data` over the list at `path`
 * (`/supplier-invoice?dialogId=invoice&dialog_uuid=…`); `extra` adds plain query parameters
 * (the invoice dialog's tab).
 */
export function dialogHref(
  path: string,
  dialogId: string,
  data: Record<string, string>,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ [DIALOG_ID_PARAM]: dialogId });
  for (const [key, value] of Object.entries(data)) query.set(`${DIALOG_DATA_PREFIX}${key}`, value);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `${path}?${query.toString()}`;
}

export interface DetailsDialogControl<K extends string> {
  /** The dialog's data when the URL says it is open and every data key is present. */
  data: DialogData<K> | null;
  isOpen: boolean;
  /**
   * Opens the dialog by pushing its keys into the URL (Back closes it again); `replace` changes
   * the open dialog's keys in place (a dialog that created its object goes on with it).
   */
  open: (data: DialogData<K>, options?: { replace?: boolean }) => void;
  /** Removes the dialog's keys from the URL. */
  close: () => void;
  /** A link (search part included) that opens the dialog over the current list. */
  href: (data: DialogData<K>) => string;
}

interface DialogHistoryState {
  listKitDialog?: string;
}

function withDialog<K extends string>(
  params: URLSearchParams,
  dialogId: string,
  data: DialogData<K>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(DIALOG_ID_PARAM, dialogId);
  for (const [key, value] of Object.entries<string>(data)) {
    next.set(`${DIALOG_DATA_PREFIX}${key}`, value);
  }
  return next;
}

function withoutDialog(params: URLSearchParams, dataKeys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(DIALOG_ID_PARAM);
  for (const key of dataKeys) next.delete(`${DIALOG_DATA_PREFIX}${key}`);
  return next;
}

/**
 * A dialog mirrored into the URL query: `?dialogId=<id>&dialog_<key>=<value>`. Opening pushes
 * a history entry, so Back closes the dialog and a copied link reopens it; closing removes the
 * keys (by going back when we pushed the entry ourselves, so Forward/Back stay natural).
 */
export function useDetailsDialog<K extends string>(
  dialogId: string,
  dataKeys: readonly K[],
): DetailsDialogControl<K> {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const keysKey = dataKeys.join('\n');
  // A dialog without data (`?dialogId=new`) has no keys to read.
  const keyList = useMemo(() => (keysKey === '' ? [] : keysKey.split('\n')), [keysKey]);

  const data = useMemo(() => {
    if (searchParams.get(DIALOG_ID_PARAM) !== dialogId) return null;
    const found: Partial<DialogData<K>> = {};
    for (const key of keyList as K[]) {
      const value = searchParams.get(`${DIALOG_DATA_PREFIX}${key}`);
      if (value === null || value === '') return null;
      found[key] = value;
    }
    return found as DialogData<K>;
  }, [searchParams, dialogId, keyList]);

  const href = useCallback(
    (next: DialogData<K>) =>
      `${location.pathname}?${withDialog(new URLSearchParams(location.search), dialogId, next).toString()}`,
    [location.pathname, location.search, dialogId],
  );

  const open = useCallback(
    (next: DialogData<K>, options?: { replace?: boolean }) => {
      // Replacing keeps the entry's own state: closing still goes back when the entry was pushed.
      const state: DialogHistoryState = options?.replace
        ? ((location.state as DialogHistoryState | null) ?? {})
        : { listKitDialog: dialogId };
      void navigate(href(next), { state, replace: options?.replace ?? false });
    },
    [navigate, href, dialogId, location.state],
  );

  const close = useCallback(() => {
    const state = location.state as DialogHistoryState | null;
    if (state?.listKitDialog === dialogId) {
      void navigate(-1);
      return;
    }
    const rest = withoutDialog(new URLSearchParams(location.search), keyList);
    const search = rest.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true });
  }, [location.state, location.search, location.pathname, navigate, dialogId, keyList]);

  return { data, isOpen: data !== null, open, close, href };
}

/** The general name of `useDetailsDialog`: any dialog (details, form, confirmation) in the URL. */
export const useUrlDialog = useDetailsDialog;
