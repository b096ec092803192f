import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from '../../src/calc/index.ts';
import { runFieldChecks } from '../../src/checks/field/index.ts';
import { runSdiChecks } from '../../src/checks/sdi/index.ts';
import { xmlToJson } from '../../src/codec/xml-to-json.ts';
import type { AnyInvoice, FatturaElettronica } from '../../src/model/index.ts';
import { listFiles, realworldSamples } from '../corpus-paths.ts';
import { RECEIVED_AT, validOrdinary } from './fixtures.ts';

/** Every object path of a JSON value, e.g. ['fattura_elettronica_body', 0, 'dati_generali']. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, child]) => pathsOf(child, [...prefix, key]))];
}

function replaceAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = replacement;
  return copy;
}

describe('robustness of the checks and calculations', () => {
  const files = listFiles(realworldSamples).filter((file) => /\.xml$/i.test(file));

  it.each(files.map((file) => [file.slice(realworldSamples.length + 1), file]))(
    'runs on realworld %s without throwing',
    (_name, file) => {
      const bytes = readFileSync(file);
      const latin1 = bytes.includes(Buffer.from('ISO-8859-1'));
      const result = xmlToJson(bytes.toString(latin1 ? 'latin1' : 'utf8'));
      if (!result.ok) return;
      const options = { format: result.format, receivedAt: RECEIVED_AT };
      expect(Array.isArray(runSdiChecks(result.invoice, options))).toBe(true);
      expect(Array.isArray(runFieldChecks(result.invoice, result.format))).toBe(true);
      if (result.format !== 'FSM10') computeInvoiceTotals(result.invoice);
    },
  );

  it('property: any field of the invoice replaced by any JSON value never makes them throw', () => {
    const base = validOrdinary();
    const paths = pathsOf(base);
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), (path, replacement) => {
        const invoice = replaceAt(base, path, replacement) as AnyInvoice;
        runSdiChecks(invoice, { format: 'FPR12', receivedAt: RECEIVED_AT });
        runFieldChecks(invoice, 'FPR12');
        computeInvoiceTotals(invoice as FatturaElettronica);
      }),
      { numRuns: 1000 },
    );
    // A generous limit: the machine is shared, and a thousand runs is the point of the test.
  }, 60_000);
});
