/**
 * Column choices are per browser, not per link: they live in localStorage under one key per
 * table, as a map of column id to "shown". Only the columns the user toggled are stored, so
 * a column added to a screen later appears with its default visibility.
 */
export type ColumnChoices = Record<string, boolean>;

const STORAGE_PREFIX = 'fiscus.listKit.columns.';

export function columnStorageKey(tableKey: string): string {
  return `${STORAGE_PREFIX}${tableKey}`;
}

export function loadColumnChoices(tableKey: string): ColumnChoices {
  try {
    const raw = window.localStorage.getItem(columnStorageKey(tableKey));
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const choices: ColumnChoices = {};
    for (const [id, shown] of Object.entries(parsed)) {
      if (typeof shown === 'boolean') choices[id] = shown;
    }
    return choices;
  } catch {
    // Corrupt JSON or storage disabled (private mode): behave as if nothing was chosen.
    return {};
  }
}

export function saveColumnChoices(tableKey: string, choices: ColumnChoices): void {
  try {
    if (Object.keys(choices).length === 0) {
      window.localStorage.removeItem(columnStorageKey(tableKey));
    } else {
      window.localStorage.setItem(columnStorageKey(tableKey), JSON.stringify(choices));
    }
  } catch {
    // Storage full or disabled: the choice still applies until the page is reloaded.
  }
}
