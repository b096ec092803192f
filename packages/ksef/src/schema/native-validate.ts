import { libxml2Native } from '@fiscus/libxml2-native';
import { FORMS, type KsefForm } from '../codec/descriptor.ts';
import type { KsefJson } from '../codec/ksef-json.ts';
import type { TreeView } from '../codec/libxml2-tree.ts';
import { decodeNativeTree, nativeViewSpec } from '../codec/native-tree.ts';
import type { AcceptedXml } from '../xml/xml-rules.ts';
import { PLAIN_PARSE_OPTIONS, QUICK_PARSE_OPTIONS } from './quick-validate.ts';
import { schemaFilePath } from './schema-files.ts';
import { BAZOWE, BAZOWE_URL, SCHEMA_FILES } from './xsd.ts';

/**
 * The fast lane on the machine's libxml2 (@fiscus/libxml2-native), when it was built: the same
 * parse options as the wasm lane (quick-validate.ts), the same official XSDs with the bazowe
 * libraries served from `schemas/` (the addon loads no other file and nothing from the
 * network), and the part of the JSON the checks read. It says only "valid, here is the view"
 * or "not sure"; the full path on libxml2-wasm words the findings.
 */

/** The forms registered with the addon. */
const NATIVE_FORMS = Object.keys(SCHEMA_FILES) as KsefForm[];
/** The forms by the index the addon gave them (other packages may register forms too). */
const formsByIndex: KsefForm[] = [];

let enabled = true;
let ready: boolean | undefined;
let currentView: TreeView | undefined;

function setUp(): boolean {
  if (ready !== undefined) return ready;
  const addon = libxml2Native;
  ready =
    addon !== undefined &&
    BAZOWE.every((file) =>
      addon.allowFile(`${BAZOWE_URL}${file}`, schemaFilePath(`FA/bazowe/${file}`)),
    ) &&
    NATIVE_FORMS.every((form) => {
      const schema = schemaFilePath(SCHEMA_FILES[form]);
      if (!addon.allowFile(schema, schema)) return false;
      const index = addon.addForm(FORMS[form].namespace, FORMS[form].root, schema);
      // A number from this addon (an older build answered true: it must be rebuilt).
      if (typeof index !== 'number' || index < 0) return false;
      formsByIndex[index] = form;
      return true;
    });
  return ready;
}

/** Which lane `validateKsef` takes for the usual invoice: `native` or `wasm`. */
export function validationLane(): 'native' | 'wasm' {
  return enabled && setUp() ? 'native' : 'wasm';
}

/** Turns the native lane off (or on again where it was built): for tests and the benchmark. */
export function useNativeLane(use: boolean): void {
  enabled = use;
}

/**
 * The accepted invoice parsed and validated by the machine's libxml2: its form and the part
 * `view` of its JSON, or undefined for any error or doubt.
 */
export function readNatively(
  accepted: AcceptedXml,
  view: TreeView,
): { json: KsefJson; form: KsefForm } | undefined {
  const addon = libxml2Native;
  if (!addon || !enabled || !setUp()) return undefined;
  if (currentView !== view) {
    if (!addon.setView(nativeViewSpec(view))) return undefined;
    currentView = view;
  }
  const options = accepted.plain === true ? PLAIN_PARSE_OPTIONS : QUICK_PARSE_OPTIONS;
  const encoded = addon.validate(accepted.bytes, options);
  const form = encoded === undefined ? undefined : formsByIndex[encoded.charCodeAt(0) - 48];
  if (encoded === undefined || form === undefined) return undefined;
  const json = decodeNativeTree(encoded, form, FORMS[form].root, view);
  return json && { json, form };
}
