import { describe, expect, it } from 'vitest';
import { readCamt } from '../src/camt/index.ts';
import { matchEntries } from '../src/index.ts';
import { generateLedger, writeCamt } from '../src/synthetic/index.ts';

/** A statement as an Italian bank exports it: camt.053.001.02, a batch entry, a fee. */
const STATEMENT_02 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>CBI-2026-03-10-0001</MsgId><CreDtTm>2026-03-10T19:02:11</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-2026-03-10-0001</Id>
      <CreDtTm>2026-03-10T19:02:11</CreDtTm>
      <Acct><Id><IBAN>IT60X0542811101000000123456</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>ALPHA SRL</Nm></Ownr></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">10000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-10</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">11584.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-10</Dt></Dt></Bal>
      <Ntry>
        <NtryRef>0001</NtryRef>
        <Amt Ccy="EUR">1220.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-03-10</Dt></BookgDt>
        <ValDt><Dt>2026-03-10</Dt></ValDt>
        <AcctSvcrRef>1003260001234567</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>48</Cd><Issr>CBI</Issr></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><Dbtr><Nm>ROSSI COSTRUZIONI SRL</Nm></Dbtr><DbtrAcct><Id><IBAN>IT02A0301503200000003517230</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>Saldo fattura n. FT2026/00123 del 01/02/2026</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">366.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><DtTm>2026-03-10T10:15:00</DtTm></BookgDt>
        <ValDt><Dt>2026-03-11</Dt></ValDt>
        <AcctSvcrRef>1003260001234568</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>48</Cd></Prtry></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <AmtDtls><TxAmt><Amt Ccy="EUR">244.00</Amt></TxAmt></AmtDtls>
            <RltdPties><Dbtr><Nm>Verdi Logistica</Nm></Dbtr></RltdPties>
            <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>
          </TxDtls>
          <TxDtls>
            <AmtDtls><TxAmt><Amt Ccy="EUR">122.00</Amt></TxAmt></AmtDtls>
            <RltdPties><Dbtr><Nm>Neri Mario</Nm></Dbtr></RltdPties>
            <RmtInf><Ustrd>FATT 12/B</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">1.50</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-03-10</Dt></BookgDt>
        <AcctSvcrRef>1003260001234569</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>66</Cd></Prtry></BkTxCd>
        <AddtlNtryInf>COMMISSIONI BONIFICO</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

/** A notification of a newer bank: camt.054.001.08, status as a code, party under Pty. */
const NOTIFICATION_08 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>NTF-0042</MsgId><CreDtTm>2026-03-12T08:00:00+01:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>NTF-0042-1</Id>
      <Acct><Id><IBAN>IT60X0542811101000000123456</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <NtryRef>N-77</NtryRef>
        <Amt Ccy="EUR">610.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-12</Dt></BookgDt>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E-2026-000125</EndToEndId></Refs>
          <Amt Ccy="EUR">610.00</Amt>
          <CdtDbtInd>CRDT</CdtDbtInd>
          <RltdPties><Dbtr><Pty><Nm>Bianchi Impianti Snc</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>IT40S0542811101000000123456</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>PAGAMENTO FT 2026/125</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;

function refused(input: string | Uint8Array) {
  const result = readCamt(input);
  if (result.ok) throw new Error('the file was read');
  return result.refusal;
}

describe('reading camt statements and notifications', () => {
  it('reads a camt.053.001.02 statement: amounts, dates, parties, remittance, a batch and a fee', () => {
    const result = readCamt(new TextEncoder().encode(STATEMENT_02));
    if (!result.ok) throw new Error(result.refusal.message);
    const { document } = result;
    expect(document).toMatchObject({
      message: 'camt.053',
      version: '001.02',
      messageId: 'CBI-2026-03-10-0001',
    });
    expect(document.reports[0]).toMatchObject({
      iban: 'IT60X0542811101000000123456',
      currency: 'EUR',
    });
    const [payment, batch, fee] = document.entries;
    expect(payment).toMatchObject({
      ref: '1003260001234567',
      bookingDate: '2026-03-10',
      amount: '1220.00',
      direction: 'credit',
      status: 'BOOK',
      counterpartyName: 'ROSSI COSTRUZIONI SRL',
      counterpartyIban: 'IT02A0301503200000003517230',
      accountIban: 'IT60X0542811101000000123456',
      remittance: 'Saldo fattura n. FT2026/00123 del 01/02/2026',
    });
    expect(payment?.endToEndId).toBeUndefined();
    expect(batch?.bookingDate).toBe('2026-03-10');
    expect(batch?.valueDate).toBe('2026-03-11');
    expect(batch?.details).toHaveLength(2);
    expect(batch?.details?.[0]).toMatchObject({
      amount: '244.00',
      creditorReferences: ['RF18539007547034'],
    });
    expect(batch?.creditorReferences).toEqual(['RF18539007547034']);
    expect(fee).toMatchObject({
      direction: 'debit',
      amount: '1.50',
      remittance: 'COMMISSIONI BONIFICO',
    });
  });

  it('reads a camt.054.001.08 notification and matches it', () => {
    const result = readCamt(NOTIFICATION_08);
    if (!result.ok) throw new Error(result.refusal.message);
    const [entry] = result.document.entries;
    expect(entry).toMatchObject({
      ref: 'N-77',
      status: 'BOOK',
      counterpartyName: 'Bianchi Impianti Snc',
      endToEndId: 'E2E-2026-000125',
    });
    const [match] = matchEntries(
      [
        {
          id: '1',
          number: 'FT2026/00125',
          date: '2026-02-01',
          amount: '610.00',
          currency: 'EUR',
          buyerName: 'Bianchi Impianti S.n.c.',
          buyerFiscalIds: [],
          kind: 'invoice',
        },
      ],
      result.document.entries,
    );
    expect(match).toMatchObject({ entry: 'N-77', auto: true });
  });

  it('reads back what the synthetic ledger writes, in both messages and versions', () => {
    const ledger = generateLedger({ invoices: 60, seed: 5 });
    for (const message of ['camt.053', 'camt.054'] as const) {
      for (const version of ['001.02', '001.08'] as const) {
        const result = readCamt(writeCamt(ledger.entries, { message, version }));
        if (!result.ok) throw new Error(`${message}.${version}: ${result.refusal.message}`);
        // One statement per account: the entries come back grouped by account.
        const read = result.document.entries.map((entry) => [
          entry.ref,
          entry.amount,
          entry.direction,
          entry.remittance,
        ]);
        const written = ledger.entries.map((entry) => [
          entry.ref,
          entry.amount,
          entry.direction,
          entry.remittance,
        ]);
        expect(read.sort()).toEqual(written.sort());
      }
    }
  });
});

describe('refusing bad camt files', () => {
  it('refuses what is not XML, empty or too large', () => {
    expect(refused('').code).toBe('empty');
    expect(refused('%PDF-1.4 not a statement').code).toBe('not-xml');
    expect(refused(new Uint8Array([0x3c, 0xff, 0xfe, 0x00])).code).toBe('not-xml');
    const big = readCamt(STATEMENT_02, { maxBytes: 1000 });
    expect(big.ok || big.refusal).toMatchObject({ code: 'too-large', params: { max: '1000' } });
  });

  it('refuses a DOCTYPE: external entities (XXE) and entity expansion are never followed', () => {
    const xxe = STATEMENT_02.replace(
      '<Document',
      '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document',
    ).replace('Saldo fattura', '&x; Saldo fattura');
    expect(refused(xxe)).toMatchObject({
      code: 'doctype-forbidden',
      messageIt: 'DOCTYPE e dichiarazioni di entità non ammessi',
    });
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Document>&lol2;</Document>`;
    expect(refused(laughs).code).toBe('doctype-forbidden');
  });

  it('refuses nesting too deep and names too long before parsing', () => {
    const deep = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</Document>`;
    expect(refused(deep)).toMatchObject({ code: 'too-deep', params: { max: '40' } });
    expect(refused(`<Document><${'A'.repeat(5000)}/></Document>`).code).toBe('name-too-long');
  });

  it('refuses malformed XML with its line', () => {
    const broken = STATEMENT_02.replace('</Ntry>', '</Entry>');
    expect(refused(broken)).toMatchObject({ code: 'malformed', line: expect.any(Number) });
  });

  it('refuses another message, namespace or version, naming it', () => {
    const pain = STATEMENT_02.replaceAll('camt.053.001.02', 'pain.001.001.03');
    expect(refused(pain)).toMatchObject({ code: 'not-camt' });
    expect(refused(pain).message).toContain('pain.001.001.03');
    expect(
      refused(
        STATEMENT_02.replaceAll(' xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"', ''),
      ).code,
    ).toBe('not-camt');
    const v10 = STATEMENT_02.replaceAll('camt.053.001.02', 'camt.053.001.10');
    expect(refused(v10)).toMatchObject({
      code: 'unsupported-version',
      params: { version: '001.10' },
    });
  });

  it('refuses a schema violation with the line and the schema reason', () => {
    const noStatus = STATEMENT_02.replace('<Sts>BOOK</Sts>', '');
    const refusal = refused(noStatus);
    expect(refusal.code).toBe('schema-invalid');
    expect(refusal.line).toBe(16);
    // libxml2 names the elements that may come there; the schema requires Sts among them.
    expect(refusal.problems?.[0]).toMatchObject({
      key: 'schema.missingElement',
      params: { expected: 'RvslInd, Sts' },
    });
    expect(refusal.message).toContain('camt.053.001.02');
  });

  it('refuses an amount that is not decimal, or has more decimals than its currency', () => {
    expect(refused(STATEMENT_02.replace('>1220.00<', '>1.220,00<'))).toMatchObject({
      code: 'amount-not-decimal',
      line: 13,
    });
    expect(refused(STATEMENT_02.replace('>1220.00<', '>1e3<')).code).toBe('amount-not-decimal');
    expect(refused(STATEMENT_02.replace('>1220.00<', '>1220.005<'))).toMatchObject({
      code: 'amount-not-decimal',
      params: { value: '1220.005', currency: 'EUR' },
    });
  });

  it('refuses an entry in another currency than its account', () => {
    const usd = STATEMENT_02.replace(
      '<Amt Ccy="EUR">1220.00</Amt>',
      '<Amt Ccy="USD">1220.00</Amt>',
    );
    expect(refused(usd)).toMatchObject({
      code: 'currency-mismatch',
      params: { found: 'USD', expected: 'EUR' },
    });
  });
});
