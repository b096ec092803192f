import { validateInvoice } from '@fiscus/fatturapa';
import { parseSdiMessage, validateSdiMessage, verifySdiMessage } from '@fiscus/sdi-messages';
import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../sdi/registries/index.ts';
import { createSandboxSigner } from '../sdi/sandbox.ts';
import { DEMO_FISCONLINE_CREDENTIALS } from './fisconline-demo.ts';
import { romeInstant } from './cassetto-history.ts';
import { SandboxTaxPortalGateway } from './sandbox.ts';
import type { CassettoInvoice, SdiCassettoSource } from './tax-portal-gateway.ts';

const ALPHA = '01234567897';
const signer = createSandboxSigner();
const now = new Date('2026-06-15T10:00:00Z');

function portal(source: Partial<SdiCassettoSource> = {}) {
  return new SandboxTaxPortalGateway({
    source: {
      delivered: async () => [],
      rejected: async () => [],
      holderName: async () => 'ALPHA SRL',
      ...source,
    },
    signer,
    clock: () => now,
  });
}

const year2025 = { from: romeInstant(2025, 1, 1, 0), to: romeInstant(2026, 1, 1, 0) };

describe('sandbox tax portal', () => {
  it('accepts the demo Fisconline set and refuses any other', async () => {
    const gateway = portal();
    expect(await gateway.checkCredentials({ ...DEMO_FISCONLINE_CREDENTIALS })).toBe('ok');
    expect(
      await gateway.checkCredentials({
        ...DEMO_FISCONLINE_CREDENTIALS,
        codiceFiscale: DEMO_FISCONLINE_CREDENTIALS.codiceFiscale.toLowerCase(),
      }),
    ).toBe('ok');
    expect(
      await gateway.checkCredentials({ ...DEMO_FISCONLINE_CREDENTIALS, password: 'wrong' }),
    ).toBe('invalid');
    expect(
      await gateway.checkCredentials({ ...DEMO_FISCONLINE_CREDENTIALS, pin: '0000000000' }),
    ).toBe('invalid');
    expect(
      await gateway.checkCredentials({ ...DEMO_FISCONLINE_CREDENTIALS, codiceFiscale: ALPHA }),
    ).toBe('invalid');
  });

  it('keeps a seeded history of valid supplier invoices with their metadata, the same on every call', async () => {
    const first = await portal().receivedInvoices(ALPHA, year2025);
    const again = await portal().receivedInvoices(`IT${ALPHA}`, year2025);
    expect(first.length).toBeGreaterThanOrEqual(24);
    expect(first.length).toBeLessThanOrEqual(48);
    expect(again.map((i) => i.sdiId)).toEqual(first.map((i) => i.sdiId));
    expect(new Set(first.map((i) => i.sdiId)).size).toBe(first.length);
    for (const invoice of first) {
      expect(invoice.receivedAt.getTime()).toBeGreaterThanOrEqual(year2025.from.getTime());
      expect(invoice.receivedAt.getTime()).toBeLessThan(year2025.to.getTime());
    }
    for (const invoice of first.slice(0, 4)) {
      const checked = await validateInvoice(new Uint8Array(invoice.xml), {
        layers: ['schema', 'sdi'],
        sdi: { checkIdentifierDigits: true },
      });
      expect(checked.findings).toEqual([]);
      expect(invoice.xml.toString()).toContain(`<IdCodice>${ALPHA}</IdCodice>`);
      const metadata = parseSdiMessage(invoice.metadataXml.toString());
      expect(metadata).toMatchObject({
        type: 'MT',
        identificativoSdi: invoice.sdiId,
        nomeFile: invoice.fileName,
        codiceDestinatario: '0000000',
      });
      expect(validateSdiMessage(invoice.metadataXml.toString()).valid).toBe(true);
    }
    // A range inside the year holds exactly that part of it.
    const march = await portal().receivedInvoices(ALPHA, {
      from: romeInstant(2025, 3, 1, 0),
      to: romeInstant(2025, 4, 1, 0),
    });
    expect(march.map((i) => i.sdiId)).toEqual(
      first
        .filter(
          (i) =>
            i.receivedAt >= romeInstant(2025, 3, 1, 0) && i.receivedAt < romeInstant(2025, 4, 1, 0),
        )
        .map((i) => i.sdiId),
    );
  });

  it('holds nothing after now, nothing before 2024 and nothing for a malformed fiscal id', async () => {
    const gateway = portal();
    expect(
      await gateway.receivedInvoices(ALPHA, { from: now, to: new Date('2027-01-01') }),
    ).toEqual([]);
    expect(
      await gateway.receivedInvoices(ALPHA, {
        from: new Date('2022-01-01'),
        to: new Date('2023-12-01'),
      }),
    ).toEqual([]);
    expect(await gateway.receivedInvoices('../../etc', year2025)).toEqual([]);
    expect(await gateway.rejectedInvoices('', year2025)).toEqual([]);
  });

  it('adds what the SDI sandbox delivered, once per SDI id, oldest first', async () => {
    const delivered: CassettoInvoice = {
      sdiId: '123456789',
      fileName: 'IT10357918647_00001.xml',
      xml: Buffer.from('<x/>'),
      metadataXml: Buffer.from('<m/>'),
      receivedAt: new Date('2025-05-05T10:00:00Z'),
      supplierFiscalId: '10357918647',
    };
    const invoices = await portal({
      delivered: async () => [delivered, delivered],
    }).receivedInvoices(ALPHA, year2025);
    expect(invoices.filter((i) => i.sdiId === '123456789')).toHaveLength(1);
    const times = invoices.map((i) => i.receivedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("lists a company's invoices SDI rejected with a signed NS", async () => {
    const rejections = await portal().rejectedInvoices(ALPHA, year2025);
    expect(rejections.length).toBeGreaterThanOrEqual(1);
    for (const rejection of rejections) {
      const notice = parseSdiMessage(rejection.notificationXml.toString());
      expect(notice).toMatchObject({
        type: 'NS',
        identificativoSdi: rejection.sdiId,
        nomeFile: rejection.fileName,
      });
      expect(verifySdiMessage(rejection.notificationXml.toString()).valid).toBe(true);
      const checked = await validateInvoice(new Uint8Array(rejection.xml), { layers: ['schema'] });
      expect(checked.valid).toBe(true);
      const sdi = await validateInvoice(new Uint8Array(rejection.xml), { layers: ['sdi'] });
      expect(sdi.findings.map((f) => f.code)).toContain('00305');
    }
    // A person's cassetto has no seeded rejections (no VAT number to invoice with).
    expect(await portal().rejectedInvoices('RSSMRA80A01F205X', year2025)).toEqual([]);
  });

  it('seeds rejections only to customers SDI delivers to, so a recovered fix is delivered', async () => {
    const deliverable = new Set(
      DEMO_CUSTOMERS.filter((c) => c.reachable && !c.recipientCode.startsWith('FAIL')).map(
        (c) => c.recipientCode,
      ),
    );
    const codes = new Set<string>();
    for (let index = 0; index < 40; index += 1) {
      const fiscalId = `7${String(123_456_789 + index * 7_919).padStart(9, '0')}${index % 10}`;
      for (const rejection of await portal().rejectedInvoices(fiscalId, year2025)) {
        const code = /<CodiceDestinatario>([^<]+)</.exec(rejection.xml.toString())?.[1] ?? '';
        codes.add(code);
      }
    }
    expect(codes.size).toBeGreaterThan(1);
    for (const code of codes) expect(deliverable).toContain(code);
  });

  it("gives a person's cassetto supplier invoices addressed to the codice fiscale", async () => {
    const invoices = await portal().receivedInvoices('RSSMRA80A01F205X', year2025);
    expect(invoices.length).toBeGreaterThanOrEqual(24);
    const [first] = invoices;
    expect(first?.xml.toString()).toContain('<CodiceFiscale>RSSMRA80A01F205X</CodiceFiscale>');
    const checked = await validateInvoice(new Uint8Array(first?.xml ?? []), {
      layers: ['schema', 'sdi'],
    });
    expect(checked.findings).toEqual([]);
  });
});
