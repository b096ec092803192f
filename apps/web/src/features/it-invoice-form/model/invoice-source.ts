/** The 'create invoice from source' payload: raw JSON or XML of a simple or simplified invoice. */
export type SourceFormat = 'json' | 'xml';

/** simple: a standard FPA12/FPR12 invoice; simplified: FSM10 (spec 2 "Invoice form"). */
export type SourceType = 'simple' | 'simplified';

export interface InvoiceSource {
  type: SourceType;
  format: SourceFormat;
  content: string;
}

/** The format an uploaded file's extension names, or undefined for any other file. */
export function sourceFormatOfFile(fileName: string): SourceFormat | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'json') return 'json';
  if (extension === 'xml') return 'xml';
  return undefined;
}

/**
 * The type a loaded file declares: FSM10 (FatturaElettronicaSemplificata) is simplified, FPR12 and
 * FPA12 are simple; undefined when the content names neither, so the user's choice stays.
 */
export function sourceTypeOfContent(content: string): SourceType | undefined {
  if (content.includes('FSM10') || content.includes('FatturaElettronicaSemplificata')) {
    return 'simplified';
  }
  if (content.includes('FPR12') || content.includes('FPA12')) return 'simple';
  return undefined;
}
