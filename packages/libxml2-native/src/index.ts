import { createRequire } from 'node:module';

/**
 * The addon built from `libxml2_native.c` at install time (see its top comment), or undefined
 * when it was not built (no compiler or libxml2-dev), could not be loaded, is already in use by
 * another thread of this process, or FISCUS_LIBXML2_NATIVE=0: callers then use libxml2-wasm.
 */
export interface Libxml2Native {
  /** A schema file the XSDs may load (by URL or path) and its local copy. */
  allowFile(url: string, path: string): boolean;
  /**
   * A form: the namespace and name of its root element, its XSD (compiled on first use) and
   * whether `validate` hands back its whole tree (else the view). Its index, or -1.
   */
  addForm(namespace: string, root: string, schemaPath: string, whole?: boolean): number;
  /** Which elements `validate` hands back for forms without `whole`: lines `name parent child`. */
  setView(spec: string): boolean;
  /**
   * Parses `bytes` with libxml2's `options` (in `encoding`, else as the document declares) and
   * validates them against their form's XSD: undefined for any error or doubt, else the form's
   * index (the character '0' + index) and the encoded tree or view (see the C file).
   */
  validate(bytes: Uint8Array, options: number, encoding?: string): string | undefined;
  /**
   * KSeF's layer-1 quick scan of `bytes` (markup_scan.c, the same steps as
   * packages/ksef/src/xml/quick-scan.ts): 0 not sure, 1 accepted, 2 accepted with markup of
   * elements only. With `maxMarkup` (above 0), UBL's quick layer 1: also "not sure" past that
   * many "<" and "=" or for "<!" followed by D or E anywhere. Absent in an addon built from
   * older sources.
   */
  scanMarkup?(bytes: Uint8Array, maxDepth: number, maxName: number, maxMarkup?: number): number;
}

function load(): Libxml2Native | undefined {
  if (process.env.FISCUS_LIBXML2_NATIVE === '0') return undefined;
  try {
    const addon = createRequire(import.meta.url)('../build/Release/fiscus_libxml2.node') as
      Partial<Libxml2Native> | undefined;
    return typeof addon?.validate === 'function' ? (addon as Libxml2Native) : undefined;
  } catch {
    return undefined;
  }
}

export const libxml2Native: Libxml2Native | undefined = load();
