import { createHash } from 'node:crypto';
import type { AnyInvoice } from '@fiscus/fatturapa';
import { SDI_MESSAGES, toXml } from '@fiscus/fatturapa';
import type { SdiSigner } from '@fiscus/sdi-messages';
import { buildMetadatiInvioFile, buildNotificaScarto } from '@fiscus/sdi-messages';
import type { DemoCompany } from '../sdi/registries/index.ts';
import { DEMO_CUSTOMERS, DEMO_SUPPLIERS } from '../sdi/registries/index.ts';
import type { CassettoInvoice, CassettoRange, CassettoRejection } from './tax-portal-gateway.ts';

/**
 * The seeded part of the sandbox's cassetto fiscale: for any fiscal id, from January 2024 on,
 * two to four supplier invoices a month from the demo suppliers (FatturaPA FPR12 with SDI's
 * metadata file, delivered on code 0000000, i.e. only to the cassetto) and, for a company (11
 * digits), an invoice it sent about every third month that SDI rejected with a signed NS (00305,
 * the customer's VAT number mistyped: fixable). Everything is derived from a hash of the fiscal id
 * and the month, so the same documents, with the same SDI ids, come back on every call; a call
 * builds only the months its range touches.
 */

/** The first month of every seeded history (Europe/Rome). */
export const HISTORY_FIRST_MONTH = { year: 2024, month: 1 } as const;

type Month = { year: number; month: number };

/** SHA-256 of the parts: the seed of one document. */
function seed(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

function pick<T>(list: readonly T[], value: number): T {
  const item = list[value % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function pad(value: number, size = 2): string {
  return String(value).padStart(size, '0');
}

/** SDI ids of seeded documents: 11 digits starting with 7 (the SDI sandbox's have 9). */
function seededSdiId(hash: Buffer): string {
  return `7${pad(Number(hash.readBigUInt64BE(8) % 10_000_000_000n), 10)}`;
}

/** A 5-character progressive (digits and capitals), as SDI file names end. */
function progressive(hash: Buffer): string {
  return (hash.readUInt32BE(16) % 36 ** 5).toString(36).toUpperCase().padStart(5, '0');
}

/** Net amount in euro from cents: integer arithmetic, never a float on money. */
function euros(cents: number): string {
  return `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
}

/** Net × 22% rounded half-up to cents, and the total. */
function vat22(netCents: number): { tax: string; total: string } {
  const taxCents = Math.floor((netCents * 22 + 50) / 100);
  return { tax: euros(taxCents), total: euros(netCents + taxCents) };
}

/** The instant of a Europe/Rome wall-clock time (working hours, so never in a DST gap). */
export function romeInstant(year: number, month: number, day: number, hour: number, minute = 0) {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const offsetText =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'shortOffset' })
      .formatToParts(new Date(guess))
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+1';
  const offsetHours = Number(offsetText.replace('GMT', '') || '0');
  return new Date(guess - offsetHours * 3_600_000);
}

function romeMonthOf(instant: Date): Month {
  const [year = '2024', month = '1'] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
  })
    .format(instant)
    .split('-');
  return { year: Number(year), month: Number(month) };
}

/** The Rome months a range touches, from HISTORY_FIRST_MONTH on. */
function monthsOf(range: CassettoRange): Month[] {
  if (range.to.getTime() <= range.from.getTime()) return [];
  const first = romeMonthOf(range.from);
  const last = romeMonthOf(new Date(range.to.getTime() - 1));
  const index = (m: Month) => m.year * 12 + m.month - 1;
  const start = Math.max(index(first), index(HISTORY_FIRST_MONTH));
  const months: Month[] = [];
  for (let i = start; i <= index(last); i += 1) {
    months.push({ year: Math.floor(i / 12), month: (i % 12) + 1 });
  }
  return months;
}

const LINES = [
  'Fornitura energia elettrica',
  'Canone servizi di telefonia e connettività',
  'Materiale di cancelleria',
  'Noleggio autoveicolo aziendale',
  'Consulenza contabile e fiscale',
  'Servizio di pulizia uffici',
  'Manutenzione impianti',
  'Licenze software gestionale',
];

type Party = {
  vat?: string;
  codiceFiscale?: string;
  name: string;
  city: string;
  province: string;
  cap: string;
};

function partyIds(party: Party) {
  return party.vat
    ? { id_fiscale_iva: { id_paese: 'IT', id_codice: party.vat } }
    : { codice_fiscale: party.codiceFiscale };
}

function sede(street: string, party: Party) {
  return {
    indirizzo: street,
    cap: party.cap,
    comune: party.city.toUpperCase(),
    provincia: party.province,
    nazione: 'IT',
  };
}

/** A one-line FPR12 invoice, VAT 22%, as FatturaPA XML. */
function invoiceXml(input: {
  seller: DemoCompany;
  buyer: Party;
  recipientCode: string;
  progressivo: string;
  number: string;
  date: string;
  netCents: number;
  description: string;
}): string {
  const net = euros(input.netCents);
  const { tax, total } = vat22(input.netCents);
  const json = {
    fattura_elettronica_header: {
      dati_trasmissione: {
        id_trasmittente: { id_paese: 'IT', id_codice: input.seller.vat },
        progressivo_invio: input.progressivo,
        formato_trasmissione: 'FPR12',
        codice_destinatario: input.recipientCode,
      },
      cedente_prestatore: {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: input.seller.vat },
          anagrafica: { denominazione: input.seller.name },
          regime_fiscale: 'RF01',
        },
        sede: sede('VIA VERDI 7', { ...input.seller }),
      },
      cessionario_committente: {
        dati_anagrafici: {
          ...partyIds(input.buyer),
          anagrafica: { denominazione: input.buyer.name },
        },
        sede: sede('VIA ROMA 1', input.buyer),
      },
    },
    fattura_elettronica_body: [
      {
        dati_generali: {
          dati_generali_documento: {
            tipo_documento: 'TD01',
            divisa: 'EUR',
            data: input.date,
            numero: input.number,
            importo_totale_documento: total,
          },
        },
        dati_beni_servizi: {
          dettaglio_linee: [
            {
              numero_linea: '1',
              descrizione: input.description,
              quantita: '1.00',
              prezzo_unitario: net,
              prezzo_totale: net,
              aliquota_iva: '22.00',
            },
          ],
          dati_riepilogo: [
            { aliquota_iva: '22.00', imponibile_importo: net, imposta: tax, esigibilita_iva: 'I' },
          ],
        },
      },
    ],
  };
  return toXml(json as unknown as AnyInvoice);
}

/** The holder of a cassetto as a buyer: a company by VAT number, a person by codice fiscale. */
function holderParty(fiscalId: string, name: string): Party {
  const place = { city: 'Milano', province: 'MI', cap: '20121' };
  return /^\d{11}$/.test(fiscalId)
    ? { vat: fiscalId, name, ...place }
    : { codiceFiscale: fiscalId, name, ...place };
}

function inRange(at: Date, range: CassettoRange): boolean {
  return at.getTime() >= range.from.getTime() && at.getTime() < range.to.getTime();
}

/** The seeded supplier invoices SDI delivered to `fiscalId` in the range, oldest first. */
export function seededReceivedInvoices(
  fiscalId: string,
  holderName: string,
  range: CassettoRange,
): CassettoInvoice[] {
  const buyer = holderParty(fiscalId, holderName);
  const invoices: CassettoInvoice[] = [];
  for (const { year, month } of monthsOf(range)) {
    const perMonth = 2 + ((seed('received-count', fiscalId, year, month)[0] ?? 0) % 3);
    for (let k = 0; k < perMonth; k += 1) {
      const hash = seed('received', fiscalId, year, month, k);
      let supplier = pick(DEMO_SUPPLIERS, hash[1] ?? 0);
      if (supplier.vat === fiscalId) supplier = pick(DEMO_SUPPLIERS, (hash[1] ?? 0) + 1);
      const day = 1 + ((hash[2] ?? 0) % 28);
      const receivedAt = romeInstant(
        year,
        month,
        day,
        8 + ((hash[3] ?? 0) % 10),
        (hash[4] ?? 0) % 60,
      );
      if (!inRange(receivedAt, range)) continue;
      const sdiId = seededSdiId(hash);
      const fileName = `IT${supplier.vat}_${progressive(hash)}.xml`;
      const xml = invoiceXml({
        seller: supplier,
        buyer,
        recipientCode: '0000000',
        progressivo: progressive(hash),
        number: `${supplier.name.slice(0, 3)}-${year}${pad(month)}-${k + 1}`,
        date: `${year}-${pad(month)}-${pad(day)}`,
        netCents: 2_000 + (hash.readUInt32BE(20) % 250_000),
        description: pick(LINES, hash[5] ?? 0),
      });
      const metadata = buildMetadatiInvioFile({
        identificativoSdi: sdiId,
        nomeFile: fileName,
        codiceDestinatario: '0000000',
        formato: 'FPR12',
        messageId: `8${sdiId.slice(1)}`,
      });
      invoices.push({
        sdiId,
        fileName,
        xml: Buffer.from(xml, 'utf8'),
        metadataXml: Buffer.from(metadata.xml, 'utf8'),
        receivedAt,
        supplierFiscalId: supplier.vat,
      });
    }
  }
  return invoices;
}

/**
 * The demo customers SDI delivers to (a reachable channel that does not fail): a seeded rejection
 * is a mistyped VAT number, so once recovered and fixed its invoice is delivered, whatever the
 * fiscal id. The unreachable (MC) and failing (FAIL…) channels are rehearsed with invoices of
 * their own, not through a recovery.
 */
const DELIVERABLE_CUSTOMERS = DEMO_CUSTOMERS.filter(
  (customer) => customer.reachable && !customer.recipientCode.startsWith('FAIL'),
);

/** The VAT number with its last digit changed: SDI refuses it (00305). */
function mistyped(vat: string): string {
  const last = Number(vat.at(-1) ?? '0');
  return `${vat.slice(0, -1)}${(last + 1) % 10}`;
}

/**
 * The seeded invoices `fiscalId` (a company) sent that SDI rejected in the range: about one every
 * third month, to a demo customer whose VAT number is mistyped, with SDI's signed NS (00305).
 */
export function seededRejections(
  fiscalId: string,
  holderName: string,
  range: CassettoRange,
  signer: () => SdiSigner,
): CassettoRejection[] {
  if (!/^\d{11}$/.test(fiscalId)) return [];
  const seller: DemoCompany = {
    vat: fiscalId,
    name: holderName,
    city: 'Milano',
    province: 'MI',
    cap: '20121',
  };
  const rejections: CassettoRejection[] = [];
  for (const { year, month } of monthsOf(range)) {
    const hash = seed('rejected', fiscalId, year, month);
    if ((hash[0] ?? 0) % 3 !== 0) continue;
    const day = 1 + ((hash[2] ?? 0) % 28);
    const sentAt = romeInstant(year, month, day, 9 + ((hash[3] ?? 0) % 8), (hash[4] ?? 0) % 50);
    const rejectedAt = new Date(sentAt.getTime() + (3 + ((hash[6] ?? 0) % 20)) * 60_000);
    if (!inRange(rejectedAt, range)) continue;
    const customer = pick(DELIVERABLE_CUSTOMERS, hash[1] ?? 0);
    const sdiId = seededSdiId(hash);
    const fileName = `IT${fiscalId}_${progressive(hash)}.xml`;
    const xml = invoiceXml({
      seller,
      buyer: { ...customer, vat: mistyped(customer.vat) },
      recipientCode: customer.recipientCode,
      progressivo: progressive(hash),
      number: `CF-${year}-${pad(month)}`,
      date: `${year}-${pad(month)}-${pad(day)}`,
      netCents: 10_000 + (hash.readUInt32BE(20) % 500_000),
      description: pick(LINES, hash[5] ?? 0),
    });
    const notice = buildNotificaScarto(
      {
        identificativoSdi: sdiId,
        nomeFile: fileName,
        dataOraRicezione: sentAt,
        listaErrori: [{ codice: '00305', descrizione: SDI_MESSAGES['00305'].it }],
        messageId: `9${sdiId.slice(1)}`,
      },
      { signer: signer() },
    );
    rejections.push({
      sdiId,
      fileName,
      xml: Buffer.from(xml, 'utf8'),
      notificationXml: Buffer.from(notice.xml, 'utf8'),
      rejectedAt,
    });
  }
  return rejections;
}
