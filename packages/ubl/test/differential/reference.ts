/**
 * The Saxon reference XSLT of each rule set: the official XSLT of the release where OpenPeppol
 * publishes one; for AGID's rule sets (published as .sch only), the XSLT our emitter
 * (sch-to-xslt.ts, proven equal to the official XSLT on every OpenPeppol rule set) compiles from
 * the same sources the engine's generator reads, written to os.tmpdir() (named by content).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readSchematron, type SchematronModel } from '../../src/schematron/read.ts';
import { hasXslt, xsltPath } from './saxon.ts';
import { schematronToXslt } from './sch-to-xslt.ts';

const sources = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../rules-source/2026.5',
);
const billing =
  'italy/AGID-PEPPOL-Schematron-Billing-3.2.1-2026-08-03/AGID-PEPPOL-Schematron-Billing-3.2.1/peppolbis-en16931-ubl-3.0-invoice/Schematron/ENG';
const others = 'italy/AGID-PEPPOL-Schematron-Others-3.2.1/AGID-PEPPOL-Schematron-Others-3.2.1';

/** AGID's rule sets: their .sch, and the schema whose namespaces, lets and functions they use. */
export const AGID_SOURCES: Record<string, { file: string; inherits?: string }> = {
  'AGID-EN16931-CIUS-UBL': {
    file: `${billing}/AGID/AGID-EN16931-CIUS-UBL.sch`,
    inherits: `${billing}/AGID-EN16931-UBL.sch`,
  },
  'AGID-PEPPOL-T01': {
    file: `${others}/peppolbis-trdm001-3.0-order/Schematron/ENG/AGID-PEPPOL-T01.sch`,
  },
  'AGID-PEPPOL-T16': {
    file: `${others}/peppolbis-trdm016-3.0-despatch-advice/Schematron/ENG/AGID-PEPPOL-T16.sch`,
  },
  'AGID-PEPPOL-T76': {
    file: `${others}/peppolbis-trdm076-3.0-order-response/Schematron/ENG/AGID-PEPPOL-T76.sch`,
  },
  'AGID-PEPPOL-T110': {
    file: `${others}/peppolbis-trdm110-3.0-order-agreement/Schematron/ENG/AGID-PEPPOL-T110.sch`,
  },
};

/** `own`'s patterns with the declarations of the schema that includes it (own's win). */
function inherit(own: SchematronModel, base: SchematronModel): SchematronModel {
  const byName = <T>(items: T[], name: (item: T) => string): T[] => [
    ...new Map(items.map((item) => [name(item), item])).values(),
  ];
  return {
    ns: { ...base.ns, ...own.ns },
    lets: byName([...base.lets, ...own.lets], (l) => l.name),
    functions: byName([...base.functions, ...own.functions], (f) => `${f.name}#${f.params.length}`),
    keys: byName([...base.keys, ...own.keys], (k) => k.name),
    patterns: own.patterns,
  };
}

export function hasReference(ruleSet: string): boolean {
  return hasXslt(ruleSet) || ruleSet in AGID_SOURCES;
}

const compiled = new Map<string, string>();

/** The path of the XSLT Saxon runs for `ruleSet`. */
export function referenceXslt(ruleSet: string): string {
  return hasXslt(ruleSet) ? xsltPath(ruleSet) : emittedXslt(ruleSet);
}

/**
 * The path of the XSLT our emitter compiles from the rule set's schematron source (AGID's, or
 * OpenPeppol's sch/ for the proof against the official XSLT).
 */
export function emittedXslt(ruleSet: string): string {
  const source = AGID_SOURCES[ruleSet] ?? { file: `sch/${ruleSet}.sch` };
  let file = compiled.get(ruleSet);
  if (!file) {
    const own = readSchematron(path.join(sources, source.file));
    const model = source.inherits
      ? inherit(own, readSchematron(path.join(sources, source.inherits)))
      : own;
    const xslt = schematronToXslt(model);
    const hash = createHash('sha256').update(xslt).digest('hex').slice(0, 16);
    const directory = path.join(os.tmpdir(), 'fiscus-ubl-emitted-xslt');
    mkdirSync(directory, { recursive: true });
    file = path.join(directory, `${ruleSet}.${hash}.xslt`);
    // Named by content: a run never reads another run's (or an older emitter's) stylesheet.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, xslt);
    renameSync(partial, file);
    compiled.set(ruleSet, file);
  }
  return file;
}
