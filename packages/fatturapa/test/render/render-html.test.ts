import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  AnyInvoice,
  FatturaElettronica,
  FatturaElettronicaSemplificata,
} from '../../src/model/index.ts';
import { escapeHtml } from '../../src/render/html-renderer.ts';
import { renderHtml } from '../../src/render/index.ts';
import { formatMoney } from '../../src/render/number-format.ts';
import { listFiles, officialSamples, realworldSamples } from '../corpus-paths.ts';
import { invoiceWithLines, loadInvoice } from './render-fixtures.ts';

const officialFiles = [
  ...listFiles(path.join(officialSamples, 'v1.2.2')),
  ...listFiles(path.join(officialSamples, 'v1.2.1')),
  path.join(officialSamples, 'semplificata/IT01234567890_FSM10.xml'),
];

const corpusFiles = [
  'Truelite__python-a38/unicode.xml',
  'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT02780790107_11005.xml',
  'OCA__l10n-italy/16.0/l10n_it_fatturapa_out_wt/IT06363391001_00011.xml',
  'FatturaElettronica__FatturaElettronica.NET/IT02182030391_32.windows-1252.xml',
  'FatturaElettronica__FatturaElettronica.NET/IT02182030391_31.Base64.xml.p7m',
  'fatturaelettronicaphp__FatturaElettronica/semplificata/ESEMPIO FT SEMPL.xml',
  'fatturaelettronicaphp__FatturaElettronica/ESEMPIO TD24.xml',
  'invopop__gobl.fatturapa/fatturapa.gobl/invoice-hotel.xml',
  'italia__fatturapa-testsdi/invoices/missing_CedentePrestatore.xml',
].map((file) => path.join(realworldSamples, file));

function isSimplified(invoice: AnyInvoice): invoice is FatturaElettronicaSemplificata {
  return invoice.fattura_elettronica_header.dati_trasmissione?.formato_trasmissione === 'FSM10';
}

/** What a reader must find on the page: numbers, line descriptions and VAT summary amounts. */
function expectedTexts(invoice: AnyInvoice, lang: 'it' | 'en'): string[] {
  const texts: string[] = [];
  for (const body of invoice.fattura_elettronica_body) {
    const document = body.dati_generali.dati_generali_documento;
    texts.push(document.numero);
    const money = (value: string) => formatMoney(value, document.divisa, lang);
    if (isSimplified(invoice)) {
      const lines = (body as FatturaElettronicaSemplificata['fattura_elettronica_body'][number])
        .dati_beni_servizi;
      for (const line of lines) texts.push(line.descrizione, money(line.importo));
      continue;
    }
    const services = (body as FatturaElettronica['fattura_elettronica_body'][number])
      .dati_beni_servizi;
    for (const line of services.dettaglio_linee ?? []) texts.push(line.descrizione);
    for (const summary of services.dati_riepilogo ?? []) {
      texts.push(money(summary.imponibile_importo), money(summary.imposta));
    }
  }
  return texts.map((text) => escapeHtml(text.trim()));
}

describe('renderHtml on the official samples and the corpus', () => {
  for (const file of [...officialFiles, ...corpusFiles]) {
    const name = path.relative(path.dirname(officialSamples), file);
    for (const lang of ['it', 'en'] as const) {
      it(`renders ${name} in ${lang} with every line and the VAT summary`, async () => {
        const invoice = await loadInvoice(file);
        const html = renderHtml(invoice, { lang });
        expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
        expect(html.endsWith('</html>')).toBe(true);
        expect(html).toContain(`<html lang="${lang}">`);
        for (const text of expectedTexts(invoice, lang)) expect(html).toContain(text);
      });
    }
  }
});

describe('renderHtml content', () => {
  it('shows parties, transmission, document type, payments with IBAN and reasons', async () => {
    const invoice = await loadInvoice(
      path.join(
        realworldSamples,
        'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT02780790107_11005.xml',
      ),
    );
    const html = renderHtml(invoice, { lang: 'it' });
    for (const text of [
      'TD01 - Fattura',
      'Societa&#39; Alpha SRL',
      'AMMINISTRAZIONE BETA',
      'IT02780790107',
      'UFPQ1O',
      'RF01 - Regime ordinario',
      'MP05 - Bonifico',
      'IBAN IT28 V010 0003 2452 3220 0001 200',
      '30/04/2015',
      '20,00\u00a0€',
      'TC01 - Cassa nazionale previdenza e assistenza avvocati e procuratori legali',
      'D - Esigibilità differita',
      'Ordine di acquisto',
      'LA FATTURA FA RIFERIMENTO AD UNA OPERAZIONE',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('lists attachments with name, format, description and decoded size', async () => {
    const invoice = (await loadInvoice(
      path.join(
        realworldSamples,
        'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT02780790107_11005.xml',
      ),
    )) as FatturaElettronica;
    const attachment = invoice.fattura_elettronica_body[0]?.allegati?.[0];
    if (!attachment) throw new Error('the sample has an attachment');
    const bytes = Buffer.from(attachment.attachment, 'base64').length;
    const html = renderHtml(invoice, { lang: 'en' });
    expect(html).toContain('<h2>Attachments</h2>');
    expect(html).toContain('test.png');
    expect(html).toContain('descrizione test');
    expect(html).toContain(`(${bytes.toLocaleString('en-US')}\u00a0B)`);
  });

  it('renders every body of a multi-body file, each with its own number', async () => {
    const invoice = await loadInvoice(path.join(officialSamples, 'v1.2.2/IT01234567890_FPA03.xml'));
    const html = renderHtml(invoice, { lang: 'en' });
    expect(html.match(/<article class="invoice">/g)).toHaveLength(2);
    expect(html).toContain('Document 1 of 2 in the file');
    expect(html).toContain('Document 2 of 2 in the file');
  });

  it('renders a simplified invoice, told apart by its format or by its shape', async () => {
    const invoice = (await loadInvoice(
      path.join(officialSamples, 'semplificata/IT01234567890_FSM10.xml'),
    )) as FatturaElettronicaSemplificata;
    expect(renderHtml(invoice, { lang: 'it' })).toContain('TD07 - Fattura semplificata');
    const withoutFormat = structuredClone(invoice);
    withoutFormat.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = '';
    const html = renderHtml(withoutFormat, { lang: 'en' });
    expect(html).toContain('TD07 - Simplified invoice');
    expect(html).toContain('BETA GAMMA');
    expect(html).toContain('€25.00');
  });

  it('states the document total, or computes it and says so', async () => {
    const long = await invoiceWithLines(3);
    expect(renderHtml(long, { lang: 'it' })).toContain('Totale documento</th><td>18,30\u00a0€');
    const fpr01 = await loadInvoice(path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml'));
    expect(renderHtml(fpr01, { lang: 'en' })).toContain('Document total (computed)</th><td>€6.10');
  });

  it('shows withholding and the net amount to pay', async () => {
    const invoice = await loadInvoice(
      path.join(
        realworldSamples,
        'OCA__l10n-italy/16.0/l10n_it_fatturapa_out_wt/IT06363391001_00011.xml',
      ),
    );
    const html = renderHtml(invoice, { lang: 'it' });
    expect(html).toContain('Totale ritenute');
    expect(html).toContain('Netto a pagare');
  });

  it('uses the compact theme when asked', async () => {
    const invoice = await loadInvoice(path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml'));
    expect(renderHtml(invoice, { lang: 'it', theme: 'compact' })).toContain(
      '<body class="theme-compact">',
    );
    expect(renderHtml(invoice, { lang: 'it' })).toContain('<body class="theme-standard">');
  });

  it('is printable on A4 and loads nothing from outside', async () => {
    const invoice = await loadInvoice(path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml'));
    const html = renderHtml(invoice, { lang: 'it' });
    expect(html).toContain('@page { size: A4;');
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/\s(src|href)=/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).toContain("default-src 'none'");
  });
});

describe('renderHtml against hostile invoice text', () => {
  it('escapes markup put into descriptions, names and attachment fields', async () => {
    const invoice = (await loadInvoice(
      path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml'),
    )) as FatturaElettronica;
    const body = invoice.fattura_elettronica_body[0];
    const line = body?.dati_beni_servizi.dettaglio_linee[0];
    if (!body || !line) throw new Error('FPR01 has a line');
    line.descrizione = '<script>alert("x")</script>';
    invoice.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.anagrafica.denominazione =
      '"><img src=x onerror=alert(1)>';
    body.allegati = [
      {
        nome_attachment: "a.pdf' onmouseover='alert(1)",
        descrizione_attachment: '</td></tr></table><iframe src="https://evil.example">',
        attachment: 'QUJD',
      },
    ];
    const html = renderHtml(invoice, { lang: 'en' });
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).toContain('a.pdf&#39; onmouseover=&#39;alert(1)');
    expect(html).toContain('3\u00a0B');
  });
});

describe('renderHtml with bad input', () => {
  it('turns tabs and carriage returns into spaces and line ends, and drops control characters', async () => {
    const invoice = await invoiceWithLines(1);
    const line = invoice.fattura_elettronica_body[0]?.dati_beni_servizi.dettaglio_linee[0];
    if (!line) throw new Error('the fixture has a line');
    line.descrizione = 'uno\tdue\r\ntre\u0007quattro';
    expect(renderHtml(invoice, { lang: 'it' })).toContain('uno due\ntrequattro');
  });

  it('renders what an incomplete or mistyped invoice holds without throwing', () => {
    const mangled = {
      fattura_elettronica_header: { cedente_prestatore: 42, dati_trasmissione: null },
      fattura_elettronica_body: {
        dati_generali: { dati_generali_documento: { numero: 7, causale: 'unica causale' } },
        dati_beni_servizi: {
          dettaglio_linee: { numero_linea: '1', descrizione: 'sola riga', prezzo_totale: 10 },
          dati_riepilogo: [null, { imponibile_importo: 'abc', imposta: '2.20' }],
        },
        dati_pagamento: 'MP05',
      },
    } as unknown as AnyInvoice;
    const html = renderHtml(mangled, { lang: 'it' });
    expect(html).toContain('sola riga');
    expect(html).toContain('unica causale');
    expect(html).toContain('abc');
    expect(html).toContain('2,20\u00a0€');
    expect(renderHtml({} as AnyInvoice, { lang: 'en' })).toContain('<h1>Invoice</h1>');
  });

  it('rejects what is not an invoice object, an unknown language or theme', async () => {
    const invoice = await loadInvoice(path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml'));
    expect(() => renderHtml(null as unknown as AnyInvoice, { lang: 'it' })).toThrow(TypeError);
    expect(() => renderHtml('<xml/>' as unknown as AnyInvoice, { lang: 'it' })).toThrow(
      /invoice object/,
    );
    expect(() => renderHtml(invoice, { lang: 'fr' as 'it' })).toThrow(/language "fr"/);
    expect(() => renderHtml(invoice, { lang: 'it', theme: 'dark' as 'compact' })).toThrow(
      /theme "dark"/,
    );
  });
});
