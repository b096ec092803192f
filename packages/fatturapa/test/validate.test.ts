import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { xmlToJson } from '../src/codec/xml-to-json.ts';
import type { AnyInvoice, FatturaElettronica } from '../src/model/index.ts';
import { toXml } from '../src/to-xml.ts';
import { validateInvoice } from '../src/validate.ts';
import { officialSamples, realworldSamples } from './corpus-paths.ts';

function ordinarySample(name: string): FatturaElettronica {
  const result = xmlToJson(readFileSync(path.join(officialSamples, 'v1.2.2', name), 'utf8'));
  if (!result.ok || result.format === 'FSM10') throw new Error(`${name} must be ordinary`);
  return result.invoice;
}

/** FPA01 with three lines, the third one with a broken PrezzoTotale. */
function threeLineInvoice(): FatturaElettronica {
  const invoice = ordinarySample('IT01234567890_FPA01.xml');
  const body = invoice.fattura_elettronica_body[0];
  const line = body?.dati_beni_servizi.dettaglio_linee[0];
  if (!body || !line) throw new Error('FPA01 has a line');
  body.dati_beni_servizi.dettaglio_linee = [
    line,
    { ...line, numero_linea: '2' },
    { ...line, numero_linea: '3', prezzo_totale: '12,5' },
  ];
  return invoice;
}

describe('validateInvoice', () => {
  it('maps a schema error to the JSON path of the field (XML input)', async () => {
    const result = await validateInvoice(toXml(threeLineInvoice()));
    expect(result.valid).toBe(false);
    expect(
      result.findings.map((finding) => [finding.layer, finding.code, finding.propertyPath]),
    ).toEqual([
      [
        'schema',
        '00200',
        'fattura_elettronica_body[0].dati_beni_servizi.dettaglio_linee[2].prezzo_totale',
      ],
    ]);
    expect(result.findings[0]?.message).toContain("'12,5'");
    expect(result.findings[0]?.messages?.it).toBe(
      "PrezzoTotale: '12,5' non è nel formato richiesto.",
    );
  });

  it('gives JSON paths for files whose children are wrongly in a default namespace', async () => {
    const ns = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
    const xml = `<FatturaElettronica xmlns="${ns}" versione="FPR12"><FatturaElettronicaHeader/><FatturaElettronicaBody/></FatturaElettronica>`;
    const result = await validateInvoice(xml);
    expect(result.findings.map((finding) => finding.propertyPath)).toEqual([
      'fattura_elettronica_header',
    ]);
    expect(result.findings[0]).toMatchObject({
      messageKey: 'schema.wrongNamespace',
      messages: { en: 'FatturaElettronicaHeader is in the wrong XML namespace.' },
    });
  });

  it('lists the first 50 schema errors then 00201 with the total, however many there are', async () => {
    const ns = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
    const line = '<DettaglioLinee><NumeroLinea>x</NumeroLinea></DettaglioLinee>';
    const xml = `<p:FatturaElettronica xmlns:p="${ns}" versione="FPR12"><FatturaElettronicaHeader/><FatturaElettronicaBody><DatiGenerali/><DatiBeniServizi>${line.repeat(20_000)}</DatiBeniServizi></FatturaElettronicaBody></p:FatturaElettronica>`;
    const result = await validateInvoice(xml);
    expect(result.findings).toHaveLength(51);
    expect(result.findings[50]).toMatchObject({ layer: 'schema', code: '00201' });
    expect(result.findings[50]?.message).toMatch(/^4000\d format errors/);
    expect(result.findings[5]?.propertyPath).toMatch(
      /^fattura_elettronica_body\[0\]\.dati_beni_servizi\.dettaglio_linee\[\d\]/,
    );
  });

  it('validates a JSON invoice through the same schema, with the same paths', async () => {
    const result = await validateInvoice(threeLineInvoice());
    expect(result.format).toBe('FPA12');
    expect(result.findings.map((finding) => finding.propertyPath)).toEqual([
      'fattura_elettronica_body[0].dati_beni_servizi.dettaglio_linee[2].prezzo_totale',
    ]);
  });

  it('reports JSON keys the schema does not know', async () => {
    const invoice = ordinarySample('IT01234567890_FPR01.xml') as unknown as Record<string, unknown>;
    const result = await validateInvoice(
      { ...invoice, extra_field: 'x' } as unknown as AnyInvoice,
      {
        layers: ['schema'],
      },
    );
    expect(result.findings).toEqual([
      expect.objectContaining({ layer: 'schema', code: '00200', propertyPath: 'extra_field' }),
    ]);
  });

  it('stops before SDI checks on schema errors unless asked to continue', async () => {
    const invoice = threeLineInvoice();
    const header = invoice.fattura_elettronica_header;
    header.dati_trasmissione.id_trasmittente.id_codice = '01234567891';
    const strict = await validateInvoice(invoice);
    expect(strict.findings.every((finding) => finding.layer === 'schema')).toBe(true);
    const all = await validateInvoice(invoice, { continueAfterSchemaErrors: true });
    expect(new Set(all.findings.map((finding) => finding.layer))).toEqual(
      new Set(['schema', 'sdi', 'field']),
    );
  });

  it('runs SDI and field checks on a schema-valid invoice, in layer order', async () => {
    const invoice = ordinarySample('IT01234567890_FPR01.xml');
    // 01234567890 is the placeholder VAT number of the official samples: its check digit is wrong.
    const result = await validateInvoice(toXml(invoice));
    const layers = result.findings.map((finding) => finding.layer);
    expect(layers).toContain('sdi');
    expect(layers).toContain('field');
    expect(layers.indexOf('field')).toBeGreaterThan(layers.lastIndexOf('sdi'));
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        layer: 'sdi',
        code: '00301',
        propertyPath:
          'fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice',
      }),
    );
  });

  it('can run a subset of layers', async () => {
    const fpr01 = readFileSync(path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml'));
    const schemaOnly = await validateInvoice(fpr01, { layers: ['schema'] });
    expect(schemaOnly).toMatchObject({ valid: true, format: 'FPR12', findings: [] });
    const fieldOnly = await validateInvoice(fpr01, { layers: ['field'] });
    expect(fieldOnly.findings.every((finding) => finding.layer === 'field')).toBe(true);
    expect(fieldOnly.findings.length).toBeGreaterThan(0);
  });

  it('returns the signer and the invoice of a signed file', async () => {
    const file = path.join(
      realworldSamples,
      'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT01234567890_FPR03.xml.p7m',
    );
    const result = await validateInvoice(readFileSync(file));
    expect(result).toMatchObject({
      valid: true,
      format: 'FPR12',
      signer: { commonName: 'CORATO SERGIO' },
    });
    expect(result.invoice?.fattura_elettronica_body).toHaveLength(2);
  });

  it.each([
    ['null', null],
    ['a number', 42],
    ['an array', []],
    ['an object without header', { fattura_elettronica_body: [{}] }],
    ['a body that is a string', { fattura_elettronica_header: {}, fattura_elettronica_body: 'x' }],
  ])('never throws on nonsense JSON: %s', async (_name, value) => {
    const result = await validateInvoice(value as unknown as AnyInvoice);
    expect(result.valid).toBe(false);
    expect(result.findings.length).toBeGreaterThan(0);
  });
});
