import { describe, expect, it } from 'vitest';
import { checkInternationalPhone } from './phone-number';
import { isEmptyPlan, planSubAccountSync, runSubAccountSync } from './sub-account-sync';
import { showsSupplierInvoiceSettings } from './supplier-settings';

describe('supplier-invoice settings box', () => {
  it('shows for a real recipient code, never for none or the two special SDI codes', () => {
    expect(showsSupplierInvoiceSettings('ABC1234')).toBe(true);
    expect(showsSupplierInvoiceSettings(null)).toBe(false);
    expect(showsSupplierInvoiceSettings('  ')).toBe(false);
    expect(showsSupplierInvoiceSettings('0000000')).toBe(false);
    expect(showsSupplierInvoiceSettings('xxxxxxx')).toBe(false);
  });
});

describe('international phone number', () => {
  it('accepts a valid number with its prefix, sent in E.164; blank is null', () => {
    expect(checkInternationalPhone('+39 333 123 4567')).toEqual({
      ok: true,
      value: '+393331234567',
    });
    expect(checkInternationalPhone('+48 601 234 567')).toEqual({ ok: true, value: '+48601234567' });
    expect(checkInternationalPhone('  ')).toEqual({ ok: true, value: null });
  });

  it('refuses a number without prefix or not valid for its country', () => {
    expect(checkInternationalPhone('3331234567')).toEqual({ ok: false });
    expect(checkInternationalPhone('+39 12')).toEqual({ ok: false });
    expect(checkInternationalPhone('+1 555')).toEqual({ ok: false });
    expect(checkInternationalPhone('+39 abc')).toEqual({ ok: false });
  });
});

describe('sub-account sync', () => {
  it('connects the chosen emails not linked yet and disconnects the ones dropped', () => {
    const plan = planSubAccountSync(['a@x.it', 'B@x.it'], ['b@x.it', 'c@x.it']);
    expect(plan).toEqual({ connect: ['c@x.it'], disconnect: ['a@x.it'] });
    expect(isEmptyPlan(planSubAccountSync(['a@x.it'], ['A@x.it']))).toBe(true);
  });

  it('runs every step, listing successes and failures', async () => {
    const failure = new Error('nope');
    const report = await runSubAccountSync(
      { connect: ['c@x.it', 'd@x.it'], disconnect: ['a@x.it'] },
      {
        connect: (email) => (email === 'd@x.it' ? Promise.reject(failure) : Promise.resolve()),
        disconnect: () => Promise.resolve(),
      },
    );
    expect(report.succeeded).toEqual([
      { email: 'a@x.it', action: 'disconnect' },
      { email: 'c@x.it', action: 'connect' },
    ]);
    expect(report.failed).toEqual([{ email: 'd@x.it', action: 'connect', error: failure }]);
  });
});
