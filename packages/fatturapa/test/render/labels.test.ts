import { describe, expect, it } from 'vitest';
import { codesOf, describeCode, fillLabel, labelsFor } from '../../src/render/labels.ts';

describe('rendering labels', () => {
  it('has every Italian label in English too, none empty', () => {
    const italian = labelsFor('it');
    const english = labelsFor('en');
    expect(Object.keys(english).sort()).toEqual(Object.keys(italian).sort());
    for (const table of [italian, english]) {
      for (const value of Object.values(table)) expect(value.trim()).not.toBe('');
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fillLabel(labelsFor('it').page, { page: 2, pages: 5 })).toBe('Pagina 2 di 5');
    expect(fillLabel('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});

describe('code lists', () => {
  const range = (prefix: string, from: number, to: number, skip: number[] = []) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index)
      .filter((value) => !skip.includes(value))
      .map((value) => `${prefix}${String(value).padStart(2, '0')}`);

  it('lists the official codes of schema 1.2.3 and FSM10', () => {
    expect(codesOf('documentType')).toEqual([...range('TD', 1, 9), ...range('TD', 16, 29)]);
    expect(codesOf('regimeFiscale')).toEqual(range('RF', 1, 20, [3]));
    expect(codesOf('modalitaPagamento')).toEqual(range('MP', 1, 23));
    expect(codesOf('condizioniPagamento')).toEqual(['TP01', 'TP02', 'TP03']);
    expect(codesOf('esigibilitaIva')).toEqual(['D', 'I', 'S']);
    expect(codesOf('natura')).toEqual([
      'N1',
      'N2',
      'N2.1',
      'N2.2',
      'N3',
      'N3.1',
      'N3.2',
      'N3.3',
      'N3.4',
      'N3.5',
      'N3.6',
      'N4',
      'N5',
      'N6',
      ...range('N6.', 1, 9).map((code) => code.replace('.0', '.')),
      'N7',
    ]);
  });

  it('describes every code in both languages, differently where the words differ', () => {
    for (const list of [
      'documentType',
      'natura',
      'regimeFiscale',
      'modalitaPagamento',
      'condizioniPagamento',
      'esigibilitaIva',
      'tipoRitenuta',
      'tipoCassa',
    ] as const) {
      for (const code of codesOf(list)) {
        expect(describeCode(list, code, 'it')).toBeTruthy();
        expect(describeCode(list, code, 'en')).toBeTruthy();
      }
    }
    expect(describeCode('documentType', 'TD04', 'it')).toBe('Nota di credito');
    expect(describeCode('documentType', 'TD04', 'en')).toBe('Credit note');
    expect(describeCode('natura', 'N6.3', 'en')).toBe(
      'Reverse charge - subcontracting in construction',
    );
  });

  it('has no description for a code outside the list', () => {
    expect(describeCode('documentType', 'TD99', 'it')).toBeUndefined();
    expect(describeCode('regimeFiscale', 'RF03', 'en')).toBeUndefined();
  });
});
