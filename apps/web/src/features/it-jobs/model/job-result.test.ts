import type { JobOutput } from '@fiscus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../../lib/i18n';
import { failedFileReason, jobResultMessage } from './job-result';

const empty = { imported: [], skipped: [], failed: [] };

/** As the API answers: the English sentence for API users, the key and parameters to word. */
const summary: JobOutput = {
  ...empty,
  message:
    '32 supplier invoices found in the cassetto fiscale: 30 imported, 1 already imported, 1 failed.',
  message_key: 'summary',
  message_parameters: { count: 32, imported: 30, skipped: 1, failed: 1 },
};
const credentialsMissing: JobOutput = {
  ...empty,
  message:
    "No Fisconline credentials are stored for 01234567897: store them in the business registry's tax drawer (cassetto fiscale) tab, then run the download again.",
  message_key: 'credentialsMissing',
  message_parameters: { fiscal_id: '01234567897' },
};

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'jobs']);
});
afterAll(() => i18n.changeLanguage('en'));

describe("a job's result in the user's language", () => {
  it('words the stored key and parameters in Italian and Polish, not the English sentence', async () => {
    await i18n.changeLanguage('it');
    expect(jobResultMessage(i18n, summary)).toBe(
      '32 fatture fornitore trovate nel cassetto fiscale: importate 30, già presenti 1, non importate 1.',
    );
    expect(jobResultMessage(i18n, credentialsMissing)).toMatch(
      /^Nessuna credenziale Fisconline memorizzata per 01234567897: .*Cassetto fiscale/,
    );
    await i18n.changeLanguage('pl');
    expect(jobResultMessage(i18n, summary)).toBe(
      'Znaleziono 32 faktury od dostawców w cassetto fiscale: zaimportowane 30, już zaimportowane 1, nieudane 1.',
    );
    expect(
      jobResultMessage(i18n, { ...empty, message: 'x', message_key: 'portalUnreachable' }),
    ).toMatch(/^Nie udało się odczytać portalu podatkowego/);
    // Parameters read back from an old row's sentence are digits: the plural still fits.
    expect(
      jobResultMessage(i18n, {
        ...summary,
        message_parameters: { count: '5', imported: '5', skipped: '0', failed: '0' },
      }),
    ).toMatch(/^Znaleziono 5 faktur od dostawców/);
  });

  it('shows the sentence of an output without a key it knows', async () => {
    await i18n.changeLanguage('it');
    expect(jobResultMessage(i18n, { ...empty, message: 'Something else.' })).toBe(
      'Something else.',
    );
  });

  it("says why a file failed by its violations' own sentences, else the stored reason", async () => {
    await i18n.changeLanguage('pl');
    const file = {
      sdi_id: '1',
      file_name: 'IT01234567890_00001.xml',
      reason: 'Line 3: Numero is required.',
    };
    expect(failedFileReason(i18n, file)).toBe('Line 3: Numero is required.');
    expect(
      failedFileReason(i18n, {
        ...file,
        violations: [
          {
            propertyPath:
              'fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero',
            message: 'Line 3: Numero is required.',
            code: '00200',
            messages: {
              it: 'Numero è obbligatorio.',
              en: 'Numero is required.',
              pl: 'Numero jest wymagany.',
            },
          },
          { propertyPath: '', message: 'The file is not XML.', code: 'xml-malformed' },
        ],
      }),
    ).toBe(
      'Numero jest wymagany.; Plik nie jest fakturą FatturaPA: nie jest poprawnym dokumentem XML.',
    );
  });
});
