import type { FieldKind } from '@fiscus/fatturapa/fields';
import type { CodeListName } from '../model/code-lists';

/** How one input of the form is drawn and normalised. */
export interface FieldSpec {
  /** Path below the section's base (`sede.cap`); the last segment names the label. */
  path: string;
  /** Translation key under `fields.` when it is not the last segment of the path. */
  label?: string;
  /** amount: 2 decimals on blur; price: 2 to 8 decimals on blur. */
  kind?: 'text' | 'amount' | 'price' | 'date' | 'select' | 'multiline';
  /** Values of a select; their labels come from `codeLists.json` when `codeList` is set. */
  options?: readonly string[];
  codeList?: CodeListName;
  /** Upper-cased as typed (identity and address fields, spec 5). */
  upper?: boolean;
  maxLength?: number;
  required?: boolean;
  /** Computed by the form (line number, totals): shown, but no stop of the Tab key. */
  readOnly?: boolean;
  /**
   * Filled in by the console itself (ProgressivoInvio, IdTrasmittente): its value alone does not
   * open the optional fields it sits among.
   */
  autoFilled?: boolean;
  /** Check digits shown while typing (helper text from `fieldError`). */
  check?: FieldKind;
  /** Run `check` only while the sibling at this path (below the base) equals `equals`. */
  checkWhen?: { path: string; equals: string };
  /** Columns out of 12 from the md breakpoint up (full width below). */
  size?: number;
}

export function joinPath(base: string, path: string): string {
  return base ? `${base}.${path}` : path;
}
