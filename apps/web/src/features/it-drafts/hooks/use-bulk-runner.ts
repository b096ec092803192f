/**
 * The drafts page's bulk runner (spec 4 "Bulk send and delete"), headless: one call per selected
 * draft, in order, with the progress as it goes; afterwards only the failures stay selected and
 * a send run is kept in localStorage for 'view last sent'.
 */
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readString, writeString } from '../../../lib/storage';
import { deleteDraft, sendDraft } from '../api/draft-requests';
import {
  failedEntry,
  lastSentStorageKey,
  parseStoredBulk,
  type BulkEntry,
  type BulkMode,
} from '../model/bulk-state';
import type { DraftListRow } from '../model/draft-list-row';

/** A run shown in the progress dialog: running, finished, or the last send viewed again. */
export interface BulkRun {
  mode: BulkMode;
  total: number;
  entries: BulkEntry[];
  running: boolean;
}

export interface BulkRunnerOptions {
  /** The table's key; the last send is stored under a key derived from it. */
  tableKey: string;
  /** The rows on screen, for the number and date each entry shows. */
  rows: readonly DraftListRow[];
  selectedIds: string[];
  setSelectedIds: (ids: string[]) => void;
  /** Called once a run ends (refresh the list). */
  onFinished: () => Promise<unknown>;
}

export interface BulkRunner {
  /** The run the progress dialog shows; null when it is closed. */
  run: BulkRun | null;
  /** The last send run, if any (it survives reloads). */
  lastSent: BulkEntry[] | null;
  start: (mode: 'send' | 'delete') => Promise<void>;
  showLastSent: () => void;
  dismiss: () => void;
}

const success = {
  status: 'success',
  message: '',
  violationError: false,
  draftBlocked: false,
  violations: [],
} as const;

export function useBulkRunner({
  tableKey,
  rows,
  selectedIds,
  setSelectedIds,
  onFinished,
}: BulkRunnerOptions): BulkRunner {
  const { t } = useTranslation('drafts');
  const { enqueueSnackbar } = useSnackbar();
  const storageKey = lastSentStorageKey(tableKey);
  const [run, setRun] = useState<BulkRun | null>(null);
  const [lastSent, setLastSent] = useState(() => parseStoredBulk(readString(storageKey)));

  const start = async (mode: 'send' | 'delete') => {
    if (selectedIds.length === 0) {
      enqueueSnackbar(t('messages.nothingSelected'), { variant: 'warning' });
      return;
    }
    const ids = [...selectedIds];
    const entries: BulkEntry[] = [];
    setRun({ mode, total: ids.length, entries: [], running: true });
    for (const uuid of ids) {
      const row = rows.find((draft) => draft.uuid === uuid);
      const base = {
        uuid,
        invoiceNumber: row?.invoiceNumber ?? null,
        invoiceDate: row?.invoiceDate ?? null,
      };
      try {
        if (mode === 'send') {
          const sent = await sendDraft(uuid);
          entries.push({ ...base, ...success, violations: [], invoiceUuid: sent.uuid });
        } else {
          await deleteDraft(uuid);
          entries.push({ ...base, ...success, violations: [] });
        }
      } catch (error) {
        entries.push(failedEntry(base, error));
      }
      setRun({ mode, total: ids.length, entries: [...entries], running: true });
    }
    setRun({ mode, total: ids.length, entries, running: false });
    setSelectedIds(
      entries.filter((entry) => entry.status !== 'success').map((entry) => entry.uuid),
    );
    if (mode === 'send') {
      writeString(storageKey, JSON.stringify(entries));
      setLastSent(entries);
    }
    await onFinished();
  };

  const showLastSent = () => {
    if (lastSent)
      setRun({ mode: 'view', total: lastSent.length, entries: lastSent, running: false });
  };

  return { run, lastSent, start, showLastSent, dismiss: () => setRun(null) };
}
