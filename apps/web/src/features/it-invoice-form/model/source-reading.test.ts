import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FatturaElettronica, FatturaElettronicaSemplificata } from '@fiscus/fatturapa';
import { convertSource, readSource, writeSource } from './source-reading';

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

describe('writeSource and convertSource', () => {
  const fpr = () => sample('v1.2.2/IT01234567890_FPR01.xml');

  it('writes the form invoice as FatturaPA XML that reads back the same', () => {
    const read = readSource({ type: 'simple', format: 'xml', content: fpr() }, 'en');
    if (read.kind !== 'invoice') throw new Error('not read');
    const written = writeSource(read.invoice, 'xml', 'simple');
    if (written.kind !== 'written') throw new Error(`not written: ${JSON.stringify(written)}`);
    expect(written.content).toContain('<p:FatturaElettronica ');
    expect(written.content).toContain('versione="FPR12"');
    expect(written.content).toContain('<Numero>123</Numero>');
    const again = readSource({ type: 'simple', format: 'xml', content: written.content }, 'en');
    expect(again).toEqual(read);
  });

  it('converts JSON to XML and back, FSM10 as simplified', () => {
    const read = readSource(
      { type: 'simple', format: 'xml', content: sample('semplificata/IT01234567890_FSM10.xml') },
      'en',
    );
    if (read.kind !== 'invoice') throw new Error('not read');
    const json = JSON.stringify(read.invoice, null, 2);
    const toXml = convertSource({ type: 'simplified', format: 'json', content: json }, 'xml', 'en');
    if (toXml.kind !== 'converted') throw new Error(`not converted: ${JSON.stringify(toXml)}`);
    expect(toXml.source.type).toBe('simplified');
    expect(toXml.source.content).toContain('<p:FatturaElettronicaSemplificata ');
    const back = convertSource({ ...toXml.source, type: 'simple' }, 'json', 'en');
    expect(back).toEqual({
      kind: 'converted',
      source: { type: 'simplified', format: 'json', content: json },
    });
  });

  it('keeps text that cannot be converted whole, saying why', () => {
    const broken = fpr().replace('</Numero>', '</Numer>');
    const fromXml = convertSource({ type: 'simple', format: 'xml', content: broken }, 'json', 'it');
    expect(fromXml).toMatchObject({
      kind: 'kept',
      from: 'xml',
      source: { format: 'json', content: broken },
    });
    expect(fromXml.kind === 'kept' && fromXml.detail).toMatch(/^XML non ben formato/);

    // A field FatturaPA has no element for would be lost in XML: the JSON stays.
    const extra = '{"fattura_elettronica_header": {"nota": "x"}}';
    expect(convertSource({ type: 'simple', format: 'json', content: extra }, 'xml', 'en')).toEqual({
      kind: 'kept',
      from: 'json',
      detail: '',
      misfit: 'fattura_elettronica_header.nota',
      source: { type: 'simple', format: 'xml', content: extra },
    });
    expect(
      convertSource({ type: 'simple', format: 'json', content: '{"a": ' }, 'xml', 'en'),
    ).toMatchObject({ kind: 'kept', from: 'json', source: { content: '{"a": ' } });
  });

  it('only relabels empty text, or text that is already in the chosen format', () => {
    expect(convertSource({ type: 'simple', format: 'json', content: '' }, 'xml', 'en')).toEqual({
      kind: 'relabelled',
      source: { type: 'simple', format: 'xml', content: '' },
    });
    // XML pasted while JSON was selected: picking XML only names it.
    const fsm = sample('semplificata/IT01234567890_FSM10.xml');
    expect(convertSource({ type: 'simple', format: 'json', content: fsm }, 'xml', 'en')).toEqual({
      kind: 'relabelled',
      source: { type: 'simplified', format: 'xml', content: fsm },
    });
  });
});
