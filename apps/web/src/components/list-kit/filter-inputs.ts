/**
 * The filter inputs a list screen declares (react-admin style: an array of inputs). Labels
 * come already translated from the screen's own namespace; `name` is the query parameter
 * exactly as the API expects it (`email`, `status[]`, `createdAt[after]`).
 */
import type { FilterValues } from './list-query-string';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterInputBase {
  label: string;
  /**
   * Disabled inputs keep their value but cannot be edited (e.g. until a type is chosen). A
   * function reads the values being edited, so a rule follows the user's typing at once.
   */
  disabled?: boolean | ((values: FilterValues) => boolean);
}

export interface TextFilterInput extends FilterInputBase {
  kind: 'text';
  name: string;
  type?: 'text' | 'email' | 'search';
}

export interface SelectFilterInput extends FilterInputBase {
  kind: 'select';
  name: string;
  options: FilterOption[];
  /** Adds an "Any" choice sending nothing; on by default. */
  allowAny?: boolean;
}

/** Any / yes / no. The values sent for yes and no default to `true` and `false`. */
export interface TriStateFilterInput extends FilterInputBase {
  kind: 'triState';
  name: string;
  trueValue?: string;
  falseValue?: string;
}

export interface MultiSelectFilterInput extends FilterInputBase {
  kind: 'multiSelect';
  /** Usually ends with `[]` so the API receives `name[]=a&name[]=b`. */
  name: string;
  options: FilterOption[];
}

/** Two date pickers and the presets; the bounds are sent as day-start and day-end. */
export interface DateRangeFilterInput extends FilterInputBase {
  kind: 'dateRange';
  /** Query parameter of the lower bound, e.g. `createdAt[after]`. */
  fromName: string;
  /** Query parameter of the upper bound, e.g. `createdAt[before]`. */
  toName: string;
}

export type FilterInput =
  | TextFilterInput
  | SelectFilterInput
  | TriStateFilterInput
  | MultiSelectFilterInput
  | DateRangeFilterInput;

export function filterInputKey(input: FilterInput): string {
  return input.kind === 'dateRange' ? `${input.fromName}..${input.toName}` : input.name;
}
