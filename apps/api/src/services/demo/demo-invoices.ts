import type { AnyInvoice } from '@fiscus/fatturapa';
import { toXml } from '@fiscus/fatturapa';
import type { DemoCompany, DemoPublicOffice } from '../../gateways/sdi/registries/index.ts';
import { generatedInvoiceJson } from '../it/sdi-simulation/generated-invoice.ts';

/**
 * The invoices of the demo history, as the console's form would send them (snake_case FatturaPA
 * JSON): ALPHA SRL's customer invoices to companies (FPR12) and public offices (FPA12), and its
 * suppliers' invoices (XML, as SDI delivers them). Built on the sandbox's generated invoice.
 */

type Address = { city: string; province: string; cap: string };

function sede(street: string, place: Address) {
  return {
    indirizzo: street,
    cap: place.cap,
    comune: place.city.toUpperCase(),
    provincia: place.province,
    nazione: 'IT',
  };
}

type Line = { description: string; net: string };

export type CustomerInvoiceInput = {
  seller: DemoCompany;
  /** A company on its SDI channel, or a public office (FPA12). */
  buyer:
    | { kind: 'company'; company: DemoCompany & { recipientCode: string } }
    | {
        kind: 'public';
        office: DemoPublicOffice;
      };
  /** Replaces the buyer's VAT number (a typo SDI refuses with 00305). */
  buyerVat?: string;
  number: string;
  /** yyyy-mm-dd */
  date: string;
  line: Line;
};

/** A customer invoice of the demo's own company. */
export function customerInvoiceJson(input: CustomerInvoiceInput): AnyInvoice {
  const { seller, buyer } = input;
  const isPublic = buyer.kind === 'public';
  const base = generatedInvoiceJson({
    sellerVat: seller.vat,
    sellerName: seller.name,
    buyerVat: isPublic ? buyer.office.fiscalCode : (input.buyerVat ?? buyer.company.vat),
    buyerName: isPublic ? buyer.office.name : buyer.company.name,
    recipientCode: isPublic ? buyer.office.officeCode : buyer.company.recipientCode,
    number: input.number,
    date: input.date,
    net: input.line.net,
  });
  const header = base.fattura_elettronica_header;
  header.dati_trasmissione.formato_trasmissione = isPublic ? 'FPA12' : 'FPR12';
  header.cedente_prestatore.sede = sede('VIA ROMA 1', seller);
  const buyerData = isPublic
    ? {
        dati_anagrafici: {
          codice_fiscale: buyer.office.fiscalCode,
          anagrafica: { denominazione: buyer.office.name },
        },
        sede: sede('PIAZZA MUNICIPIO 1', { city: 'Valdoro', province: 'MI', cap: '20010' }),
      }
    : {
        dati_anagrafici: header.cessionario_committente.dati_anagrafici,
        sede: sede('VIA DELLE INDUSTRIE 12', buyer.company),
      };
  const body = base.fattura_elettronica_body[0];
  const detail = body?.dati_beni_servizi.dettaglio_linee[0];
  if (detail) detail.descrizione = input.line.description;
  return {
    ...base,
    fattura_elettronica_header: { ...header, cessionario_committente: buyerData },
  } as unknown as AnyInvoice;
}

/** A supplier's invoice to the demo's own company, as the XML SDI delivers. */
export function supplierInvoiceXml(input: {
  supplier: DemoCompany;
  buyer: DemoCompany;
  recipientCode: string;
  number: string;
  date: string;
  line: Line;
}): string {
  const json = generatedInvoiceJson({
    sellerVat: input.supplier.vat,
    sellerName: input.supplier.name,
    buyerVat: input.buyer.vat,
    buyerName: input.buyer.name,
    recipientCode: input.recipientCode,
    number: input.number,
    date: input.date,
    net: input.line.net,
  });
  json.fattura_elettronica_header.cedente_prestatore.sede = sede('VIA VERDI 7', input.supplier);
  json.fattura_elettronica_header.cessionario_committente.sede = sede('VIA ROMA 1', input.buyer);
  const detail = json.fattura_elettronica_body[0]?.dati_beni_servizi.dettaglio_linee[0];
  if (detail) detail.descrizione = input.line.description;
  return toXml(json as unknown as AnyInvoice);
}
