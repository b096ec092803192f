import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from './i18n';
import { translateViolation } from './validation-messages';

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common']);
});
afterAll(() => i18n.changeLanguage('en'));

/** A transfer's violation for a zip entry the service did not read, as the API stores it. */
const unread = (reason: string | undefined, parameters: Record<string, string> = {}) => ({
  propertyPath: '',
  message: 'A zip inside the zip is not read: upload it on its own.',
  code: 'zip_entry_unreadable',
  parameters: { ...(reason ? { reason } : {}), ...parameters },
});

describe("a transfer's own codes in the user's language", () => {
  it('says why a zip entry was not read, by its reason, in Polish and Italian', async () => {
    await i18n.changeLanguage('pl');
    expect(translateViolation(i18n, unread('nested_zip'))).toBe(
      'Archiwum zip wewnątrz archiwum zip nie jest odczytywane: prześlij je osobno.',
    );
    expect(translateViolation(i18n, unread('too_large', { max_mb: '5' }))).toBe(
      'Plik jest większy niż 5 MB.',
    );
    await i18n.changeLanguage('it');
    expect(translateViolation(i18n, unread('not_invoice'))).toBe(
      'Non è un file di fattura: dallo zip si leggono solo i file .xml e .xml.p7m.',
    );
  });

  it('words an entry read before reasons, or with a reason it does not know, by the code', async () => {
    await i18n.changeLanguage('pl');
    const general = 'Tego pliku z archiwum zip nie można odczytać jako faktury.';
    expect(translateViolation(i18n, unread(undefined))).toBe(general);
    expect(translateViolation(i18n, unread('something_new'))).toBe(general);
  });

  it("words a refused send by the API's status, not its English detail", async () => {
    await i18n.changeLanguage('pl');
    const refused = {
      propertyPath: '',
      message: 'This login may not act for the fiscal id 01234567897.',
      code: 'http_403',
    };
    expect(translateViolation(i18n, refused)).toBe(
      'Faktura nie została wysłana: ten użytkownik nie może wysyłać faktur w imieniu jej sprzedawcy.',
    );
    for (const status of ['400', '404', '409', '413', '422', '429'])
      expect(translateViolation(i18n, { ...refused, code: `http_${status}` })).toMatch(/^Faktura /);
  });
});
