import { createRequire } from 'node:module';

/**
 * The addon built from `libxml2_native.c` at install time (see its top comment), or undefined
 * when it was not built (no compiler or libxml2-dev), could not be loaded, is already in use by
 * another thread of this process, or FISCUS_LIBXML2_NATIVE=0: callers then use libxml2-wasm.
 */
export interface Libxml2Native {
  /** A schema file the XSDs may load (by URL or path) and its local copy. */
  allowFile(url: string, path: string): boolean;
  /** A form: the namespace and name of its root element, and its XSD (compiled on first use). */
  addForm(namespace: string, root: string, schemaPath: string): boolean;
  /** Which elements `validate` hands back: lines `name parent child` (see the C file). */
  setView(spec: string): boolean;
  /**
   * Parses `bytes` with libxml2's `options` and validates them against their form's XSD:
   * undefined for any error or doubt, else the form's index (one digit) and the encoded view.
   */
  validate(bytes: Uint8Array, options: number): string | undefined;
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
