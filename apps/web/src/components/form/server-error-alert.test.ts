import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/hydra';
import type { Violation } from '../../lib/hydra';
import { i18n, i18nReady } from '../../lib/i18n';
import { translateValidationMessage, translateViolation } from '../../lib/validation-messages';
import { applyServerErrors } from './form-errors';
import type { MessageTranslator } from './form-errors';
import { alertLines } from './server-error-alert';

const problem = { type: 'about:blank', title: 'An error occurred', status: 422, detail: '' };

/** The recover tab's refusal without Fisconline credentials, as the API sends it (in English). */
const credentialsMissing: Violation = {
  propertyPath: 'fiscal_id',
  message:
    'Store the Fisconline credentials of this business registry configuration (tax drawer tab) first.',
  code: 'CREDENTIALS_MISSING',
  parameters: { fiscal_id: '01234567897' },
};

const common: MessageTranslator = (message) =>
  message === undefined ? undefined : translateValidationMessage(i18n.t, message);

/** What the alert of a form in `ns` shows for `violations`, none of them on a field on screen. */
function linesOf(violations: Violation[], ns: string, onScreen: readonly string[] = []) {
  const failure = applyServerErrors(new ApiError(422, problem, violations), () => undefined, [
    ...onScreen,
  ]);
  return alertLines(failure, common, ns);
}

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'businessRegistry', 'invoiceTransfers']);
});
afterAll(() => i18n.changeLanguage('en'));

describe("the alert of a failed submit, in the user's language", () => {
  it('labels a violation by its field and words its code (Italian, Polish)', async () => {
    await i18n.changeLanguage('it');
    expect(linesOf([credentialsMissing], 'businessRegistry')).toEqual([
      {
        path: 'Codice fiscale / P. IVA',
        message: expect.stringMatching(/^Nessuna credenziale Fisconline .*Cassetto fiscale\.$/),
      },
    ]);
    await i18n.changeLanguage('pl');
    const [line] = linesOf([credentialsMissing], 'businessRegistry');
    expect(line?.path).toBe('Identyfikator podatkowy');
    expect(line?.message).toMatch(/danych logowania Fisconline/);
    expect(line?.message).not.toMatch(/Store the Fisconline/);
  });

  it('labels a row of a list, and a field of the row, by the list and the row number', async () => {
    await i18n.changeLanguage('en');
    const invalid = (propertyPath: string): Violation => ({
      propertyPath,
      message: 'Invalid email',
    });
    expect(linesOf([invalid('receipts_alert_recipients.0')], 'businessRegistry')[0]?.path).toBe(
      'Alert recipients 1',
    );
    const [onRow] = linesOf([invalid('receipts_alert_recipients.1.email')], 'businessRegistry');
    expect(onRow?.path).toBe('Alert recipients 2');
  });

  it('labels the range fields and translates known messages instead of `to_date: …`', async () => {
    await i18n.changeLanguage('it');
    const lines = linesOf(
      [{ propertyPath: 'to_date', message: 'This value should not be blank.', code: 'is_blank' }],
      'businessRegistry',
    );
    expect(lines).toEqual([{ path: 'Al', message: 'Questo valore non deve essere vuoto.' }]);
  });

  it("shows a violation's own sentence in the user's language (the invoice checks')", async () => {
    await i18n.changeLanguage('pl');
    const [line] = linesOf(
      [
        {
          propertyPath: 'content',
          message: 'Line 58: Numero is required.',
          code: '00200',
          messages: {
            it: 'Numero è obbligatorio.',
            en: 'Numero is required.',
            pl: 'Numer jest wymagany.',
          },
        },
      ],
      'invoiceTransfers',
    );
    expect(line?.message).toBe('Numer jest wymagany.');
  });

  it('words an upload refused as no invoice by the check code, with its parameters', async () => {
    await i18n.changeLanguage('it');
    const refused: Violation = {
      propertyPath: 'content',
      message:
        'The file is not a FatturaPA invoice: The file is not XML: it does not start with "<"',
      code: 'xml-malformed',
    };
    expect(translateViolation(i18n, refused)).toBe(
      'Il file non è una fattura FatturaPA: non è un XML ben formato.',
    );
    const tooLarge: Violation = {
      propertyPath: 'content',
      message: 'The file is larger than 5 MB.',
      code: 'FILE_TOO_LARGE',
      parameters: { max_mb: '5' },
    };
    expect(translateViolation(i18n, tooLarge)).toBe('Il file supera i 5 MB.');
  });

  it('labels a detail line by its field when the server listed no violations', async () => {
    await i18n.changeLanguage('it');
    const failure = {
      isValidation: true,
      detail: 'fiscal_id: This value should not be blank.',
      violations: [],
      otherViolations: [],
    };
    expect(alertLines(failure, common, 'businessRegistry')).toEqual([
      { path: '', message: 'Codice fiscale / P. IVA: Questo valore non deve essere vuoto.' },
    ]);
  });

  it('keeps an unknown code and a field without a label as the server sent them', async () => {
    await i18n.changeLanguage('en');
    const violation = { propertyPath: 'mystery', message: 'Something odd.', code: 'odd' };
    expect(translateViolation(i18n, violation)).toBeUndefined();
    expect(linesOf([violation], 'businessRegistry')).toEqual([
      { path: 'mystery', message: 'Something odd.' },
    ]);
  });
});
