import { describe, expect, it } from 'vitest';
import { isValidNip } from '../src/checks/nip.ts';
import { validateKsef } from '../src/validate.ts';

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

describe('isValidNip', () => {
  it("accepts the Ministry of Finance's NIP and refuses every one-digit change of it", () => {
    const nip = '5260250274';
    expect(isValidNip(nip)).toBe(true);
    for (let index = 0; index < 10; index += 1) {
      for (let digit = 0; digit < 10; digit += 1) {
        if (String(digit) === nip[index]) continue;
        const changed = `${nip.slice(0, index)}${digit}${nip.slice(index + 1)}`;
        expect(isValidNip(changed), changed).toBe(false);
      }
    }
  });

  it('a weighted sum giving 10 is never valid, whatever the last digit', () => {
    const prefix = '123456789';
    const sum = [...prefix].reduce(
      (total, digit, index) => total + Number(digit) * (WEIGHTS[index] ?? 0),
      0,
    );
    expect(sum % 11).toBe(10);
    for (let digit = 0; digit < 10; digit += 1) expect(isValidNip(`${prefix}${digit}`)).toBe(false);
  });

  it('refuses what is not ten digits', () => {
    for (const nip of [
      '',
      '526025027',
      '52602502741',
      '526-025-02-74',
      '526025027a',
      '５２６０２５０２７４',
    ]) {
      expect(isValidNip(nip), nip).toBe(false);
    }
  });
});

describe('the acceptance day', () => {
  const invoice = (issued: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
<Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza><WariantFormularza>3</WariantFormularza><DataWytworzeniaFa>2026-02-01T00:00:00Z</DataWytworzeniaFa></Naglowek>
<Podmiot1><DaneIdentyfikacyjne><NIP>5260250274</NIP><Nazwa>S</Nazwa></DaneIdentyfikacyjne><Adres><KodKraju>PL</KodKraju><AdresL1>ul. Prosta 1</AdresL1></Adres></Podmiot1>
<Podmiot2><DaneIdentyfikacyjne><BrakID>1</BrakID><Nazwa>N</Nazwa></DaneIdentyfikacyjne><JST>2</JST><GV>2</GV></Podmiot2>
<Fa><KodWaluty>PLN</KodWaluty><P_1>${issued}</P_1><P_2>1/2026</P_2><P_15>0</P_15>
<Adnotacje><P_16>2</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A><Zwolnienie><P_19N>1</P_19N></Zwolnienie><NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu><P_23>2</P_23><PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy></Adnotacje>
<RodzajFaktury>VAT</RodzajFaktury></Fa>
</Faktura>`;

  it('P_1 on the acceptance day is fine, the day after is refused', () => {
    expect(validateKsef(invoice('2026-03-10'), { acceptedOn: '2026-03-10' })).toEqual({
      valid: true,
      form: 'FA(3)',
      findings: [],
    });
    const late = validateKsef(invoice('2026-03-11'), { acceptedOn: '2026-03-10' });
    expect(late.valid).toBe(false);
    expect(late.findings.map((finding) => [finding.code, finding.path])).toEqual([
      ['ksef-issue-date', 'Faktura.Fa.P_1'],
    ]);
  });

  it('by default the acceptance day is today in Warsaw', () => {
    const warsaw = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(
      new Date(),
    );
    const tomorrow = new Date(Date.parse(`${warsaw}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(validateKsef(invoice(warsaw)).valid).toBe(true);
    expect(validateKsef(invoice(tomorrow)).findings.map((finding) => finding.code)).toEqual([
      'ksef-issue-date',
    ]);
  });
});
