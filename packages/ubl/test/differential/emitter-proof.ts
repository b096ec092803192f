/**
 * `npx tsx test/differential/emitter-proof.ts [RULE-SET...]`: proves sch-to-xslt.ts on the
 * OpenPeppol sources: for each rule set, the XSLT compiled from rules-source/2026.5/sch by our
 * emitter and the official XSLT, both run by Saxon-HE over the corpus and its mutations, must
 * give the same (id, flag, location) lists and the same errors.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readSchematron } from '../../src/schematron/read.ts';
import { buildCases, byRuleSet, compareVerdicts } from './differential.ts';
import { checkSaxonInstalled, runSaxon } from './saxon.ts';
import { schematronToXslt } from './sch-to-xslt.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
await checkSaxonInstalled();
const out = path.join(os.tmpdir(), 'fiscus-ubl-emitted');
mkdirSync(out, { recursive: true });
const { cases } = buildCases();
let failures = 0;
for (const [ruleSet, group] of byRuleSet(cases)) {
  if (only.length > 0 && !only.includes(ruleSet)) continue;
  const model = readSchematron(path.join(here, `../../rules-source/2026.5/sch/${ruleSet}.sch`));
  const xslt = path.join(out, `${ruleSet}.xslt`);
  writeFileSync(xslt, schematronToXslt(model));
  const official = await runSaxon(ruleSet, group);
  const emitted = await runSaxon(ruleSet, group, xslt);
  let differ = 0;
  for (const entry of group) {
    const lines = compareVerdicts(emitted.get(entry.name)!, official.get(entry.name)!);
    if (lines.length > 0) {
      differ++;
      if (differ <= 3)
        console.log(
          `${ruleSet} ${entry.file} [${entry.name}] ${entry.mutation}\n${lines.join('\n')}`,
        );
    }
  }
  failures += differ;
  console.log(`${ruleSet}: ${group.length - differ}/${group.length} agree (emitted ${xslt})`);
}
process.exitCode = failures > 0 ? 1 : 0;
