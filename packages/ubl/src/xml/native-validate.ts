import { PARSE_ENCODING, PARSE_OPTIONS } from '@fiscus/fatturapa/xml-hardening';
import { libxml2Native } from '@fiscus/libxml2-native';
import { ParseOption } from 'libxml2-wasm';
import { maindocSchemaPath, schemaFilePaths } from '../schema/schema-files.ts';
import type { XDocument } from '../tree/node.ts';
import { nameIndexes } from '../xpath/compile.ts';
import { decodeNativeTree } from './native-tree.ts';
import { rootNamespace, UBL_ROOTS, type UblRoot } from './roots.ts';

/**
 * The fast lane of validateUbl on the machine's libxml2 (@fiscus/libxml2-native), when it was
 * built: the bytes layer 1 accepted, parsed with the wasm lane's options and encoding, checked
 * against the same UBL 2.1 maindoc XSD (the addon loads only the files of `schemas/`, nothing
 * from the network) and, when valid, the whole tree as tree-reader.ts reads it. It says only
 * "valid, here is the tree" or "not sure"; the wasm lane then parses again and words the
 * findings, so they are the same whichever lane runs.
 */

/**
 * The wasm lane's options, and COMPACT: short texts kept inside their nodes (fewer allocations,
 * a quarter of the parse time); only a tree nothing changes may be compact, and nothing does.
 */
const NATIVE_OPTIONS = PARSE_OPTIONS | ParseOption.XML_PARSE_COMPACT;

let enabled = true;
let ready: boolean | undefined;
/** The document types by the index the addon gave their form. */
const rootsByIndex: UblRoot[] = [];

function setUp(): boolean {
  if (ready !== undefined) return ready;
  const addon = libxml2Native;
  ready =
    addon !== undefined &&
    schemaFilePaths().every((path) => addon.allowFile(path, path)) &&
    UBL_ROOTS.every((root) => {
      const index = addon.addForm(rootNamespace(root), root, maindocSchemaPath(root), true);
      // A number from this addon (an older build answered true: it must be rebuilt).
      if (typeof index !== 'number' || index < 0) return false;
      rootsByIndex[index] = root;
      return true;
    });
  return ready;
}

/** Which lane validateUbl takes for a document layer 1 accepted: `native` or `wasm`. */
export function validationLane(): 'native' | 'wasm' {
  return enabled && setUp() ? 'native' : 'wasm';
}

/** Turns the native lane off (or on again where it was built): for tests and the benchmark. */
export function useNativeLane(use: boolean): void {
  enabled = use;
}

/**
 * The addon's encoding of the tree of `utf8` (bytes layer 1 accepted) when the machine's libxml2
 * finds it well-formed and valid against the UBL 2.1 XSD of its document type (see
 * native-tree.ts); undefined for anything else.
 */
export function validateNatively(utf8: Uint8Array): string | undefined {
  const addon = libxml2Native;
  if (!addon || !enabled || !setUp()) return undefined;
  const encoded = addon.validate(utf8, NATIVE_OPTIONS, PARSE_ENCODING);
  if (encoded === undefined || rootsByIndex[encoded.charCodeAt(0) - 48] === undefined) {
    return undefined;
  }
  return encoded;
}

/**
 * The tree of `utf8` (bytes layer 1 accepted) when the machine's libxml2 finds it well-formed
 * and valid against the UBL 2.1 XSD of its document type; undefined for anything else. The
 * rules engine adopts the name indexes the decoder built, instead of walking the tree for them.
 */
export function readNatively(utf8: Uint8Array): XDocument | undefined {
  const encoded = validateNatively(utf8);
  const tree = encoded === undefined ? undefined : decodeNativeTree(encoded);
  if (tree === undefined) return undefined;
  nameIndexes(tree.document, tree.indexes);
  return tree.document;
}
