import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { xmlToJson } from '../src/codec/xml-to-json.ts';
import type { FatturaElettronica } from '../src/model/index.ts';
import { schemaReasonOf } from '../src/schema/schema-reason.ts';
import { toXml } from '../src/to-xml.ts';
import { validateInvoice } from '../src/validate.ts';
import { officialSamples } from './corpus-paths.ts';

function fpa01(): FatturaElettronica {
  const read = xmlToJson(
    readFileSync(path.join(officialSamples, 'v1.2.2', 'IT01234567890_FPA01.xml'), 'utf8'),
  );
  if (!read.ok || read.format === 'FSM10') throw new Error('FPA01 is ordinary');
  return read.invoice;
}

describe('schema findings name the field and say what is wrong in it, en and pl', () => {
  it('a missing child is reported on the child, not on its group', async () => {
    const invoice = fpa01();
    const vat = invoice.fattura_elettronica_header.cedente_prestatore.dati_anagrafici
      .id_fiscale_iva as unknown as Record<string, unknown>;
    delete vat.id_codice;
    const result = await validateInvoice(toXml(invoice));
    expect(result.findings).toEqual([
      expect.objectContaining({
        layer: 'schema',
        code: '00200',
        propertyPath:
          'fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice',
        messageKey: 'schema.missingElement',
        params: expect.objectContaining({ element: 'IdCodice' }),
        messages: {
          it: 'IdCodice è obbligatorio.',
          en: 'IdCodice is required.',
          pl: 'IdCodice jest wymagane.',
        },
      }),
    ]);
    expect(result.findings[0]?.message).not.toContain('Missing child');
  });

  it('an element found where a required one was expected points at the missing one', async () => {
    const invoice = fpa01();
    const general = invoice.fattura_elettronica_body[0]?.dati_generali
      .dati_generali_documento as unknown as Record<string, unknown>;
    delete general.data;
    const result = await validateInvoice(toXml(invoice));
    expect(result.findings.map((finding) => finding.propertyPath)).toEqual([
      'fattura_elettronica_body[0].dati_generali.dati_generali_documento.data',
    ]);
    expect(result.findings[0]?.messages?.en).toBe('Data is required.');
  });

  it('values: lengths, allowed values and formats, with the value quoted', () => {
    expect(
      schemaReasonOf(
        "Element 'Denominazione': [facet 'pattern'] The value 'xx' is not accepted by the pattern '[\\p{IsBasicLatin}]{1,80}'.",
      ),
    ).toEqual({
      key: 'schema.lengthRange',
      params: { element: 'Denominazione', min: '1', max: '80' },
    });
    expect(
      schemaReasonOf(
        "Element 'TipoDocumento': [facet 'enumeration'] The value 'TD99' is not an element of the set {'TD01', 'TD02'}.",
      ),
    ).toEqual({
      key: 'schema.notAllowedValue',
      params: { element: 'TipoDocumento', value: 'TD99' },
    });
    expect(
      schemaReasonOf(
        "Element 'PrezzoTotale': '1,2' is not a valid value of the atomic type '{ns}Amount8DecimalType'.",
      ),
    ).toEqual({ key: 'schema.invalidValue', params: { element: 'PrezzoTotale', value: '1,2' } });
    expect(
      schemaReasonOf(
        "Element 'CodiceDestinatario': [facet 'maxLength'] The value has a length of '9'; this exceeds the allowed maximum length of '7'.",
      ),
    ).toEqual({ key: 'schema.tooLong', params: { element: 'CodiceDestinatario', max: '7' } });
    expect(
      schemaReasonOf(
        "Element 'Anagrafica': Missing child element(s). Expected is one of ( Denominazione, Nome ).",
      )?.target,
    ).toEqual({ kind: 'child', element: 'Denominazione' });
  });
});
