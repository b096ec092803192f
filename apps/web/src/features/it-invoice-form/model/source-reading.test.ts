import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FatturaElettronica, FatturaElettronicaSemplificata } from '@fiscus/fatturapa';
import { readSource } from './source-reading';

// Tests run in apps/web; the shared corpus of official samples sits next to the repository.
const official = resolve(process.cwd(), '../../../shared/spec/fatturapa/samples/official');
const sample = (path: string) => readFileSync(join(official, path), 'utf8');

describe('readSource', () => {
  it('reads an official FPR12 XML into the form model, as a standard invoice', () => {
    const reading = readSource(
      { type: 'simple', format: 'xml', content: sample('v1.2.2/IT01234567890_FPR01.xml') },
      'en',
    );
    if (reading.kind !== 'invoice') throw new Error(`not read: ${JSON.stringify(reading)}`);
    expect(reading.type).toBe('simple');
    const invoice = reading.invoice as FatturaElettronica;
    const body = invoice.fattura_elettronica_body[0];
    expect(body?.dati_generali.dati_generali_documento.numero).toBe('123');
    expect(
      invoice.fattura_elettronica_header.cessionario_committente.dati_anagrafici.anagrafica
        .denominazione,
    ).toBe('DITTA BETA');
    // Repeatable elements are lists even when the file has one.
    expect(Array.isArray(body?.dati_beni_servizi.dettaglio_linee)).toBe(true);
  });

  it('reads an FSM10 XML as a simplified invoice, whatever type was selected', () => {
    const reading = readSource(
      { type: 'simple', format: 'xml', content: sample('semplificata/IT01234567890_FSM10.xml') },
      'en',
    );
    if (reading.kind !== 'invoice') throw new Error('not read');
    expect(reading.type).toBe('simplified');
    const invoice = reading.invoice as FatturaElettronicaSemplificata;
    expect(invoice.fattura_elettronica_body[0]?.dati_generali.dati_generali_documento.numero).toBe(
      '123',
    );
  });

  it('says why XML cannot be read, in Italian for an Italian user', () => {
    const broken = sample('v1.2.2/IT01234567890_FPR01.xml').replace('</Numero>', '</Numer>');
    const english = readSource({ type: 'simple', format: 'xml', content: broken }, 'en');
    expect(english).toMatchObject({ kind: 'unreadable', format: 'xml' });
    expect(english.kind === 'unreadable' && english.detail).toMatch(/^Malformed XML at line \d+/);
    const italian = readSource({ type: 'simple', format: 'xml', content: broken }, 'it');
    expect(italian.kind === 'unreadable' && italian.detail).toMatch(/^XML non ben formato/);
    const notInvoice = readSource({ type: 'simple', format: 'xml', content: '<a/>' }, 'en');
    expect(notInvoice.kind).toBe('unreadable');
  });

  it('reads JSON objects only, and leaves empty text to the form', () => {
    expect(readSource({ type: 'simplified', format: 'json', content: '{"a":"1"}' }, 'en')).toEqual({
      kind: 'invoice',
      invoice: { a: '1' },
      type: 'simplified',
    });
    expect(readSource({ type: 'simple', format: 'json', content: '[1]' }, 'en').kind).toBe(
      'unreadable',
    );
    expect(readSource({ type: 'simple', format: 'json', content: '{"a":' }, 'pl')).toEqual({
      kind: 'unreadable',
      format: 'json',
      detail: '',
    });
    expect(readSource({ type: 'simple', format: 'xml', content: '  \n' }, 'en')).toEqual({
      kind: 'empty',
    });
  });
});
