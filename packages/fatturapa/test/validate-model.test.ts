import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FatturaElettronica } from '../src/model/index.ts';
import { parseInvoice } from '../src/parse.ts';
import { toXml } from '../src/to-xml.ts';
import { validateInvoice } from '../src/validate.ts';
import { listFiles, officialSamples, realworldSamples } from './corpus-paths.ts';

// Validation reads the invoice from libxml2's parse, parseInvoice from its own reader: a caller
// gets the same invoice from either, whatever the file looks like.

const fpr01File = path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml');
const fpr01Text = readFileSync(fpr01File, 'utf8');
const encoder = new TextEncoder();

async function invoicesOf(input: string | Uint8Array) {
  const validated = await validateInvoice(input);
  const parsed = await parseInvoice(input);
  return { validated: validated.invoice, parsed: parsed.ok ? parsed.invoice : undefined };
}

/** FPR01 with the first Descrizione's text (already XML-escaped) replaced. */
function withDescription(xmlText: string): string {
  return fpr01Text.replace(
    /<Descrizione>[^<]*<\/Descrizione>/,
    `<Descrizione>${xmlText}</Descrizione>`,
  );
}

describe('the invoice validateInvoice returns', () => {
  const files = [...listFiles(officialSamples), ...listFiles(realworldSamples)].filter((file) =>
    /\.xml(\.p7m)?$/i.test(file),
  );

  it.each(files.map((file) => [path.relative(path.dirname(officialSamples), file), file]))(
    'is the one parseInvoice reads from %s',
    async (_name, file) => {
      const { validated, parsed } = await invoicesOf(readFileSync(file));
      if (parsed === undefined) return;
      expect(validated).toStrictEqual(parsed);
    },
  );

  it.each([
    ['CR LF line ends', fpr01Text.replace(/\n/g, '\r\n')],
    ['CR line ends', fpr01Text.replace(/\n/g, '\r')],
    ['a CR LF inside a value', withDescription('due righe\r\nseconda riga')],
    ['a lone CR inside a value', withDescription('a\rb')],
    ['a character reference to CR', withDescription('a&#13;b&#xD;&#10;c')],
    ['a comment splitting a value', withDescription('LA<!-- nota -->VORO')],
    ['blanks around a comment', withDescription('  <!-- nota -->  ')],
    ['blanks before a comment and text', withDescription('  <!-- nota -->testo')],
    ['blanks before a processing instruction', withDescription('  <?nota x?>testo')],
    ['blanks and a value', withDescription(' \t testo \n ')],
    ['blank character references', withDescription('&#32;&#9;&#10;')],
    ['indentation of tabs and blank lines', fpr01Text.replace(/\n {2}/g, '\n\n\t\t')],
    ['xml:space', fpr01Text.replace('<Descrizione>', '<Descrizione xml:space="preserve">')],
    ['a CDATA section', withDescription('<![CDATA[A & B <c>]]> e altro')],
    ['a value of blanks only', withDescription(' \t ')],
    ['an empty value', withDescription('')],
    ['a BOM at the start of a value', withDescription('\uFEFFtesto')],
    ['entities and non-BMP characters', withDescription('&amp;&lt;&gt;&quot;&apos; 𝄞 €')],
    [
      'an element the schema does not declare, with children',
      fpr01Text.replace('<Divisa>', '<Extra> x <A>1</A><A>2</A><B> </B></Extra><Divisa>'),
    ],
    ['a single element repeated', fpr01Text.replace(/(<Divisa>[^<]*<\/Divisa>)/, '$1$1')],
    [
      'elements in a default namespace',
      fpr01Text
        .replace(/p:FatturaElettronica/g, 'FatturaElettronica')
        .replace('xmlns:p=', 'xmlns='),
    ],
  ])('is the one parseInvoice reads with %s', async (_name, xml) => {
    for (const input of [xml, encoder.encode(xml)]) {
      const { validated, parsed } = await invoicesOf(input);
      expect(parsed).toBeDefined();
      expect(validated).toStrictEqual(parsed);
    }
  });

  it('is the one parseInvoice reads, whatever text a value holds', async () => {
    const character = fc.constantFrom(
      ...'aZ09 .,-/àèé€\t\n\r\u00a0\u2028\ufeff𝄞&<>"\''.split(/(?:)/u),
    );
    const escape = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    await fc.assert(
      fc.asyncProperty(fc.array(character, { maxLength: 20 }), async (characters) => {
        const xml = withDescription(escape(characters.join('')));
        const { validated, parsed } = await invoicesOf(encoder.encode(xml));
        expect(validated).toStrictEqual(parsed);
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('keeps a value of blanks around a comment, which the schema accepts', async () => {
    const result = await validateInvoice(withDescription('  <!-- nota -->  '), {
      layers: ['schema'],
    });
    expect(result.findings).toEqual([]);
    const lines = (result.invoice as FatturaElettronica).fattura_elettronica_body[0]
      ?.dati_beni_servizi.dettaglio_linee;
    expect(lines?.[0]?.descrizione).toBe('    ');
  });

  it('does not change when the caller reuses its buffer right after the call', async () => {
    const signed = path.join(
      realworldSamples,
      'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT01234567890_FPR03.xml.p7m',
    );
    for (const file of [fpr01File, signed]) {
      const expected = await validateInvoice(readFileSync(file));
      const bytes = new Uint8Array(readFileSync(file));
      const pending = validateInvoice(bytes);
      bytes.fill(0x20);
      expect(await pending).toStrictEqual(expected);
    }
  });

  it('stays right over many large files in a row', async () => {
    const parsed = await parseInvoice(readFileSync(fpr01File));
    if (!parsed.ok || parsed.format === 'FSM10') throw new Error('FPR01 is ordinary');
    const invoice: FatturaElettronica = structuredClone(parsed.invoice);
    const body = invoice.fattura_elettronica_body[0];
    const line = body?.dati_beni_servizi.dettaglio_linee[0];
    if (!body || !line) throw new Error('FPR01 has a line');
    body.dati_beni_servizi.dettaglio_linee = Array.from({ length: 2500 }, (_, index) => ({
      ...line,
      numero_linea: String(index + 1),
      descrizione: `Riga ${index + 1} `.padEnd(1000, 'descrizione lunga '),
    }));
    const bytes = encoder.encode(toXml(invoice));
    // About 3 MB each, 12 MB in all: libxml2's parser state is renewed along the way.
    for (let round = 0; round < 4; round += 1) {
      const result = await validateInvoice(bytes, { layers: ['schema'] });
      expect(result.findings).toEqual([]);
      const lines = (result.invoice as FatturaElettronica).fattura_elettronica_body[0]
        ?.dati_beni_servizi.dettaglio_linee;
      expect(lines).toHaveLength(2500);
      expect(lines?.[2499]?.descrizione).toMatch(/^Riga 2500 descrizione lunga/);
    }
  }, 60_000);
});
