import { describe, expect, it } from 'vitest';
import { FIELD_RULES, fieldError, runFieldChecks } from '../../src/checks/field/index.ts';
import { SDI_MESSAGES, runSdiChecks, sdiFinding } from '../../src/checks/sdi/index.ts';
import { validateInvoice } from '../../src/validate.ts';
import { RECEIVED_AT, partsOf, validOrdinary } from './fixtures.ts';

describe('the checks speak Italian, English and Polish', () => {
  it.each(Object.entries(SDI_MESSAGES))('SDI %s has a sentence in each language', (_, text) => {
    for (const language of ['it', 'en', 'pl'] as const) expect(text[language].trim()).not.toBe('');
    expect(text.pl).not.toBe(text.en);
    expect(text.pl).not.toBe(text.it);
  });

  it.each(Object.entries(FIELD_RULES))(
    'the %s field check has a sentence in each language',
    (_, rule) => {
      for (const language of ['it', 'en', 'pl'] as const)
        expect(rule[language].trim()).not.toBe('');
      expect(rule.pl).not.toBe(rule.en);
      expect(rule.pl).not.toBe(rule.it);
    },
  );

  it('an SDI finding carries its sentence in it, en and pl', () => {
    const invoice = validOrdinary();
    partsOf(invoice).document.numero = 'FT-A';
    const [finding] = runSdiChecks(invoice, { format: 'FPR12', receivedAt: RECEIVED_AT });
    expect(finding).toMatchObject({
      code: '00425',
      message: '2.1.1.4 Numero contains no digit',
      messages: {
        it: '2.1.1.4 <Numero> non contenente caratteri numerici',
        en: '2.1.1.4 Numero contains no digit',
        pl: '2.1.1.4 Numero nie zawiera żadnej cyfry',
      },
    });
    expect(sdiFinding('00404').messages?.pl).toBe('Zduplikowana faktura');
  });

  it('a field finding carries its sentence in it, en and pl', () => {
    const invoice = validOrdinary();
    invoice.fattura_elettronica_header.cedente_prestatore.sede.provincia = 'ZZ';
    const findings = runFieldChecks(invoice, 'FPR12');
    expect(findings).toContainEqual(
      expect.objectContaining({
        code: 'FIELD_PROVINCIA',
        propertyPath: 'fattura_elettronica_header.cedente_prestatore.sede.provincia',
        messages: {
          it: 'Sigla di provincia italiana non valida (es. RM, MI)',
          en: 'Not an Italian province code (e.g. RM, MI)',
          pl: 'To nie jest kod włoskiej prowincji (np. RM, MI)',
        },
      }),
    );
    expect(fieldError('partitaIva', '01234567890', 'pl')).toBe(
      'Nieprawidłowa partita IVA: 11 cyfr z poprawną cyfrą kontrolną',
    );
  });

  it('every finding of a validated invoice that names an SDI or field check has a Polish sentence', async () => {
    const invoice = validOrdinary();
    partsOf(invoice).document.numero = 'FT-A';
    invoice.fattura_elettronica_header.cedente_prestatore.sede.provincia = 'ZZ';
    const result = await validateInvoice(invoice, { sdi: { receivedAt: RECEIVED_AT } });
    const checked = result.findings.filter((f) => f.layer === 'sdi' || f.layer === 'field');
    expect(checked.map((f) => f.code)).toEqual(
      expect.arrayContaining(['00425', 'FIELD_PROVINCIA']),
    );
    for (const finding of checked) {
      const { code } = finding;
      const pl =
        code in SDI_MESSAGES ? SDI_MESSAGES[code as keyof typeof SDI_MESSAGES].pl : undefined;
      const field = Object.values(FIELD_RULES).find((rule) => rule.code === code)?.pl;
      expect(finding.messages?.pl).toBe(pl ?? field);
      expect(finding.messages?.pl).toBeDefined();
    }
  });
});
