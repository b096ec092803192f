import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ordinaryTypes, simplifiedTypes } from '../src/codec/descriptor.generated.ts';
import { jsonToXml } from '../src/codec/json-to-xml.ts';
import { xmlToJson } from '../src/codec/xml-to-json.ts';
import { decodeXmlBytes } from '../src/codec/xml-text.ts';
import { toSnakeCase } from '../src/model/snake-case.ts';
import { validateAgainstSchema } from '../src/schema/xsd-validation.ts';
import { listFiles, officialSamples, realworldSamples } from './corpus-paths.ts';

const orderedParser = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  htmlEntities: true,
});

type OrderedNode = Record<string, unknown>;

/** Every leaf of the document as "path = text", in document order: element-by-element view. */
function leaves(xml: string): string[] {
  const out: string[] = [];
  const walk = (nodes: OrderedNode[], prefix: string): void => {
    for (const node of nodes) {
      const name = Object.keys(node).find((key) => key !== ':@');
      // The enveloped XAdES signature is not part of the model (a re-written file is unsigned).
      if (!name || name === '?xml' || name === 'Signature') continue;
      const children = node[name] as OrderedNode[];
      const text = children.find((child) => '#text' in child);
      const elements = children.filter((child) => !('#text' in child));
      if (elements.length === 0) out.push(`${prefix}/${name} = ${String(text?.['#text'] ?? '')}`);
      else walk(elements, `${prefix}/${name}`);
    }
  };
  walk(orderedParser.parse(xml) as OrderedNode[], '');
  return out;
}

function readText(file: string): string {
  const decoded = decodeXmlBytes(readFileSync(file));
  if (!decoded.ok) throw new Error(decoded.finding.message);
  return decoded.text;
}

// FPR02 of 1.2.2 is published invalid (ContattiTrasmittente out of order): its round trip
// moves the element to its schema place, so it cannot be equal element by element.
const roundTripSamples = listFiles(officialSamples).filter(
  (file) =>
    !file.includes('v1.1') && !file.endsWith(path.join('v1.2.2', 'IT01234567890_FPR02.xml')),
);

describe('toSnakeCase', () => {
  it.each([
    ['IdFiscaleIVA', 'id_fiscale_iva'],
    ['PECDestinatario', 'pec_destinatario'],
    ['DatiDDT', 'dati_ddt'],
    ['NumeroDDT', 'numero_ddt'],
    ['CodEORI', 'cod_eori'],
    ['Art73', 'art73'],
    ['CodiceCUP', 'codice_cup'],
    ['IBAN', 'iban'],
    ['TerzoIntermediarioOSoggettoEmittente', 'terzo_intermediario_o_soggetto_emittente'],
    ['RiferimentoNumeroLinea', 'riferimento_numero_linea'],
  ])('%s → %s', (name, key) => {
    expect(toSnakeCase(name)).toBe(key);
  });

  // What the former two regular expressions gave (they took quadratic time on long capitals).
  it.each([
    ['ABCdEFg', 'ab_cd_e_fg'],
    ['ABcDEf', 'a_bc_d_ef'],
    ['aBC', 'a_bc'],
    ['aAAa', 'a_a_aa'],
    ['A', 'a'],
    ['', ''],
    ['_Ab', '_ab'],
    ['AB_Cd', 'ab_cd'],
    ['X509IssuerSerial', 'x509issuer_serial'],
    ['HTMLParserXML2Doc', 'html_parser_xml2doc'],
    ['N1Nome', 'n1nome'],
    ['IBANx', 'iba_nx'],
    ['ΣΑΣ', 'σας'],
    ['nomeΣ', 'nomeς'],
  ])('%j → %j, as before', (name, key) => {
    expect(toSnakeCase(name)).toBe(key);
  });

  it('gives every schema element its key', () => {
    for (const types of [ordinaryTypes, simplifiedTypes]) {
      for (const child of Object.values(types).flat()) {
        expect(toSnakeCase(child.name), child.name).toBe(child.key);
      }
    }
  });

  it('converts a 1,000,000-character run of capitals in one pass', () => {
    const name = `${'N'.repeat(1_000_000)}ome`;
    expect(toSnakeCase(name)).toBe(`${'n'.repeat(999_999)}_nome`);
  });
});

describe('xmlToJson', () => {
  it('reads the official FPA01 sample into the snake_case model, arrays and decimal strings', () => {
    const result = xmlToJson(
      readText(path.join(officialSamples, 'v1.2.2/IT01234567890_FPA01.xml')),
    );
    if (!result.ok || result.format === 'FSM10') throw new Error('expected an ordinary invoice');
    expect(result.format).toBe('FPA12');
    const { invoice } = result;
    expect(invoice.fattura_elettronica_header.dati_trasmissione.id_trasmittente).toEqual({
      id_paese: 'IT',
      id_codice: '01234567890',
    });
    expect(invoice.fattura_elettronica_header.dati_trasmissione.codice_destinatario).toBe('AAAAAA');
    const body = invoice.fattura_elettronica_body[0];
    expect(body?.dati_generali.dati_generali_documento.causale).toBeInstanceOf(Array);
    expect(body?.dati_beni_servizi.dettaglio_linee[0]?.prezzo_unitario).toBe('1.00');
    expect(body?.dati_pagamento?.[0]?.dettaglio_pagamento[0]?.importo_pagamento).toBe('6.10');
  });

  it('reads p:, ns2: and default-namespace root styles the same way', () => {
    const inner =
      '<FatturaElettronicaHeader><DatiTrasmissione><ProgressivoInvio>1</ProgressivoInvio></DatiTrasmissione></FatturaElettronicaHeader>';
    const ns = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
    const styles = [
      `<p:FatturaElettronica xmlns:p="${ns}" versione="FPR12">${inner}</p:FatturaElettronica>`,
      `<ns2:FatturaElettronica xmlns:ns2="${ns}" versione="FPR12">${inner}</ns2:FatturaElettronica>`,
      `<FatturaElettronica xmlns="${ns}" versione="FPR12">${inner}</FatturaElettronica>`,
    ];
    const invoices = styles.map((xml) => {
      const result = xmlToJson(xml);
      if (!result.ok) throw new Error(JSON.stringify(result.findings));
      return result.invoice;
    });
    expect(invoices[1]).toEqual(invoices[0]);
    expect(invoices[2]).toEqual(invoices[0]);
    expect(invoices[0]?.fattura_elettronica_header.dati_trasmissione.progressivo_invio).toBe('1');
  });

  it('keeps the SistemaEmittente attribute and decodes character references', () => {
    const ns = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
    const xml = `<p:FatturaElettronica xmlns:p="${ns}" versione="FPA12" SistemaEmittente="ERP 1"><FatturaElettronicaBody><DatiBeniServizi><DettaglioLinee><Descrizione>A &amp; B &#8364; &#x20AC;</Descrizione></DettaglioLinee></DatiBeniServizi></FatturaElettronicaBody></p:FatturaElettronica>`;
    const result = xmlToJson(xml);
    if (!result.ok || result.format === 'FSM10') throw new Error('expected an ordinary invoice');
    expect(result.invoice.sistema_emittente).toBe('ERP 1');
    expect(
      result.invoice.fattura_elettronica_body[0]?.dati_beni_servizi.dettaglio_linee[0]?.descrizione,
    ).toBe('A & B € €');
  });

  it('decodes a UTF-8 BOM and ISO-8859-1 / windows-1252 declared files', () => {
    const ns = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><p:FatturaElettronica xmlns:p="${ns}" versione="FPR12"><FatturaElettronicaBody><DatiBeniServizi><DettaglioLinee><Descrizione>caffè €</Descrizione></DettaglioLinee></DatiBeniServizi></FatturaElettronicaBody></p:FatturaElettronica>`;
    const latin1 = Uint8Array.from(xml, (char) => (char === '€' ? 0x80 : char.charCodeAt(0)));
    const decoded = decodeXmlBytes(latin1);
    expect(decoded.ok && decoded.text.includes('caffè €')).toBe(true);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<a/>')]);
    const bomDecoded = decodeXmlBytes(withBom);
    expect(bomDecoded.ok && bomDecoded.text).toBe('<a/>');
  });
});

describe('round trip XML → JSON → XML of the official samples', () => {
  it.each(roundTripSamples.map((file) => [path.relative(officialSamples, file), file]))(
    '%s is schema-valid and equal element by element',
    (_name, file) => {
      const original = readText(file);
      const parsed = xmlToJson(original);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.findings));
      const written = jsonToXml(parsed.invoice, parsed.format);
      expect(validateAgainstSchema(written, parsed.format).findings).toEqual([]);
      expect(leaves(written)).toEqual(leaves(original));
      expect(written).toMatch(
        parsed.format === 'FSM10'
          ? /<p:FatturaElettronicaSemplificata [^>]*versione="FSM10"/
          : new RegExp(`<p:FatturaElettronica [^>]*versione="${parsed.format}"`),
      );
    },
  );

  it('every schema-valid XML file of the real-world corpus round-trips too', () => {
    const files = listFiles(realworldSamples).filter((file) => /\.xml$/i.test(file));
    let checked = 0;
    for (const file of files) {
      const original = readText(file);
      const parsed = xmlToJson(original);
      if (!parsed.ok || validateAgainstSchema(original, parsed.format).findings.length > 0)
        continue;
      const written = jsonToXml(parsed.invoice, parsed.format);
      expect(validateAgainstSchema(written, parsed.format).findings, file).toEqual([]);
      expect(leaves(written), file).toEqual(leaves(original));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('writes the out-of-order ContattiTrasmittente of FPR02 (1.2.2) back in schema order', () => {
    const parsed = xmlToJson(
      readText(path.join(officialSamples, 'v1.2.2/IT01234567890_FPR02.xml')),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.findings));
    const written = jsonToXml(parsed.invoice, parsed.format);
    expect(validateAgainstSchema(written, parsed.format).findings).toEqual([]);
    expect(written.indexOf('<ContattiTrasmittente')).toBeLessThan(
      written.indexOf('<PECDestinatario>'),
    );
  });
});

describe('jsonToXml', () => {
  it('escapes markup characters and reports unknown keys and wrong shapes', () => {
    const problems: { propertyPath: string; message: string }[] = [];
    const xml = jsonToXml(
      {
        fattura_elettronica_header: {
          dati_trasmissione: { progressivo_invio: 'a<b&"c"' },
          bogus: 'x',
        },
        fattura_elettronica_body: [{ dati_generali: 'not an object' }],
      },
      'FPR12',
      { problems },
    );
    expect(xml).toContain('<ProgressivoInvio>a&lt;b&amp;&quot;c&quot;</ProgressivoInvio>');
    expect(problems).toEqual([
      { propertyPath: 'fattura_elettronica_header.bogus', message: 'Unknown field bogus' },
      {
        propertyPath: 'fattura_elettronica_body[0].dati_generali',
        message: 'dati_generali must be an object',
      },
    ]);
  });

  it('reports the unknown keys of an element it writes empty, at any depth', () => {
    const problems: { propertyPath: string; message: string }[] = [];
    const xml = jsonToXml(
      {
        fattura_elettronica_header: {
          dati_trasmissione: { progressivo_invio: '00001' },
          // The name belongs in anagrafica: nothing here DatiAnagrafici knows, so it is written
          // empty and the name would be lost unreported.
          cedente_prestatore: { dati_anagrafici: { ragione_sociale: 'ALPHA SRL' } },
        },
        fattura_elettronica_body: [{ dati_generali: { numero_fattura: 'F-1' } }],
      },
      'FPR12',
      { problems },
    );
    expect(xml).toContain('<DatiAnagrafici/>');
    expect(xml).toContain('<DatiGenerali/>');
    expect(problems).toEqual([
      {
        propertyPath:
          'fattura_elettronica_header.cedente_prestatore.dati_anagrafici.ragione_sociale',
        message: 'Unknown field ragione_sociale',
      },
      {
        propertyPath: 'fattura_elettronica_body[0].dati_generali.numero_fattura',
        message: 'Unknown field numero_fattura',
      },
    ]);
  });

  it('reports a sistema_emittente the root cannot hold', () => {
    const simplified: { propertyPath: string; message: string }[] = [];
    const written = jsonToXml({ sistema_emittente: 'GEST-1' }, 'FSM10', { problems: simplified });
    expect(written).not.toContain('SistemaEmittente');
    expect(simplified).toEqual([
      {
        propertyPath: 'sistema_emittente',
        message: 'sistema_emittente has no place in a simplified invoice (FSM10)',
      },
    ]);
    const ordinary: { propertyPath: string; message: string }[] = [];
    expect(jsonToXml({ sistema_emittente: 'GEST-1' }, 'FPR12', { problems: ordinary })).toContain(
      'SistemaEmittente="GEST-1"',
    );
    jsonToXml({ sistema_emittente: { name: 'GEST' } }, 'FPR12', { problems: ordinary });
    expect(ordinary).toEqual([
      { propertyPath: 'sistema_emittente', message: 'sistema_emittente must be a string' },
    ]);
  });
});

describe('real files in other encodings', () => {
  it('decodes a windows-1252 declared file as windows-1252, byte for byte', () => {
    const file = path.join(
      officialSamples,
      '../realworld/invopop__gobl.fatturapa/fatturapa.gobl/invoice-windows1252.xml',
    );
    const result = xmlToJson(readText(file));
    if (!result.ok || result.format === 'FSM10') throw new Error('expected an ordinary invoice');
    // The file holds bytes C2 AA in a windows-1252 file: they are two characters, Â and ª.
    expect(
      result.invoice.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.anagrafica
        .denominazione,
    ).toBe('M\u00c2\u00aaF. Services');
  });
});

describe('xpathToPropertyPath', () => {
  it('indexes repeatable elements from 0 and names attributes', async () => {
    const { xpathToPropertyPath } = await import('../src/schema/property-path.ts');
    const { ordinaryTypes } = await import('../src/codec/descriptor.generated.ts');
    expect(
      xpathToPropertyPath(
        '/p:FatturaElettronica/FatturaElettronicaBody[2]/DatiBeniServizi/DettaglioLinee[3]/CodiceArticolo/CodiceTipo',
        ordinaryTypes,
      ),
    ).toBe(
      'fattura_elettronica_body[1].dati_beni_servizi.dettaglio_linee[2].codice_articolo[0].codice_tipo',
    );
    expect(xpathToPropertyPath('/p:FatturaElettronica/@versione', ordinaryTypes)).toBe('versione');
    expect(xpathToPropertyPath('/p:FatturaElettronica', ordinaryTypes)).toBe('');
  });
});
