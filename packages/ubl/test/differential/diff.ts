/**
 * `npm run diff -w packages/ubl [-- RULE-SET...]`: the agreement table of our rule engine against
 * Saxon-HE on the corpus and its mutations (per rule set: documents, agreeing, disagreeing,
 * rule ids Saxon fired of those the rule set has (fired/rules), Saxon errors), then the first disagreements of each rule set.
 * `--all` prints every disagreement; `--saxon-only` prints Saxon's side alone (ours not compared);
 * `--emitter` also proves sch-to-xslt.ts against each official XSLT (column "emitter").
 */
import { checkSaxonInstalled } from './saxon.ts';
import { formatReport, runDifferential, type OurEngine } from './differential.ts';
import { ourEngine } from './ours.ts';

const args = process.argv.slice(2);
const only = args.filter((arg) => !arg.startsWith('--'));
const saxonOnly = args.includes('--saxon-only');

await checkSaxonInstalled();
const ours: OurEngine = saxonOnly
  ? () => ({ findings: [], error: { code: 'NOT-RUN', message: '--saxon-only' } })
  : ourEngine;
const started = Date.now();
const result = await runDifferential(ours, {
  ...(only.length > 0 ? { only } : {}),
  emitterProof: args.includes('--emitter'),
  onRuleSet: (t) =>
    process.stderr.write(
      `${t.ruleSet}: ${t.agreeing}/${t.documents} agree (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    ),
});
console.log(formatReport(result, saxonOnly ? 0 : args.includes('--all') ? Infinity : 3));
const emitterOff = result.tallies.some((t) => (t.emitterDisagreeing ?? 0) > 0);
const oursOff = !saxonOnly && result.tallies.some((t) => t.disagreeing > 0);
process.exitCode = emitterOff || oursOff ? 1 : 0;
