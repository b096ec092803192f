/*
 * What KSeF reads off an invoice for its own records (the invoice metadata of
 * `/invoices/query/metadata`, the duplicate check, the UPO): parties, number, kind, dates,
 * currency and totals, from the invoice's JSON (`ksefToJson` of `@fiscus/ksef`). Amounts stay
 * decimal strings (decimal.js sums them); they become JSON numbers only at the API's edge.
 */
import Decimal from 'decimal.js';
import { ksefToJson, type KsefElement, type KsefNode } from '@fiscus/ksef';
import type { InvoiceType } from '../wire/api-types.ts';

export type PartyIdentifier = { type: 'Nip' | 'VatUe' | 'Other' | 'None'; value: string | null };

export type InvoiceFacts = {
  form: 'FA(3)' | 'FA(2)' | 'FA_RR(1)' | undefined;
  sellerNip: string | undefined;
  sellerName: string | null;
  buyer: PartyIdentifier & { name: string | null };
  thirdSubjects: {
    identifier: PartyIdentifier | { type: 'InternalId'; value: string };
    name: string | null;
    role: number;
  }[];
  /** P_2 */
  invoiceNumber: string | undefined;
  /** P_1, YYYY-MM-DD */
  issueDate: string | undefined;
  /** RodzajFaktury (VAT, KOR, ZAL…) */
  kind: string | undefined;
  currency: string;
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
  hasAttachment: boolean;
  selfInvoicing: boolean;
};

const NET_FIELDS = [
  'P_13_1',
  'P_13_2',
  'P_13_3',
  'P_13_4',
  'P_13_5',
  'P_13_6_1',
  'P_13_6_2',
  'P_13_6_3',
  'P_13_7',
  'P_13_8',
  'P_13_9',
  'P_13_10',
  'P_13_11',
];
const VAT_FIELDS = ['P_14_1', 'P_14_2', 'P_14_3', 'P_14_4', 'P_14_5'];

const INVOICE_TYPES: Readonly<Record<string, InvoiceType>> = {
  VAT: 'Vat',
  ZAL: 'Zal',
  KOR: 'Kor',
  ROZ: 'Roz',
  UPR: 'Upr',
  KOR_ZAL: 'KorZal',
  KOR_ROZ: 'KorRoz',
};

function element(node: KsefNode | undefined): KsefElement | undefined {
  const first = Array.isArray(node) ? node[0] : node;
  return first !== undefined && typeof first === 'object' && !Array.isArray(first)
    ? first
    : undefined;
}

function text(node: KsefNode | undefined): string | undefined {
  const first = Array.isArray(node) ? node[0] : node;
  if (typeof first === 'string') return first;
  const value = element(first)?.__value;
  return typeof value === 'string' ? value : undefined;
}

function sum(parent: KsefElement | undefined, fields: readonly string[]): string {
  let total = new Decimal(0);
  for (const field of fields) {
    const value = text(parent?.[field]);
    if (value !== undefined) {
      try {
        total = total.plus(value);
      } catch {
        // Not a number: the schema refuses the invoice; its totals do not matter.
      }
    }
  }
  return total.toFixed(2);
}

function identifierOf(data: KsefElement | undefined): PartyIdentifier {
  const nip = text(data?.NIP);
  if (nip) return { type: 'Nip', value: nip };
  const vatUe = text(data?.NrVatUE);
  if (vatUe) return { type: 'VatUe', value: `${text(data?.KodUE) ?? ''}${vatUe}` };
  const other = text(data?.NrID);
  if (other) return { type: 'Other', value: other };
  return { type: 'None', value: null };
}

/** The facts of an invoice's JSON. */
export function factsOfJson(
  json: { Faktura: KsefElement },
  form: InvoiceFacts['form'],
): InvoiceFacts {
  const invoice = json.Faktura;
  const seller = element(element(invoice.Podmiot1)?.DaneIdentyfikacyjne);
  const buyerData = element(element(invoice.Podmiot2)?.DaneIdentyfikacyjne);
  const fa = element(invoice.Fa);
  const thirdSubjects = (Array.isArray(invoice.Podmiot3) ? invoice.Podmiot3 : []).flatMap(
    (node) => {
      const subject = element(node);
      const data = element(subject?.DaneIdentyfikacyjne);
      if (!subject || !data) return [];
      const internal = text(data.IDWew);
      return [
        {
          identifier: internal
            ? { type: 'InternalId' as const, value: internal }
            : identifierOf(data),
          name: text(data.Nazwa) ?? null,
          role: Number(text(subject.Rola) ?? 0) || 0,
        },
      ];
    },
  );
  const gross = text(fa?.P_15);
  let grossAmount: string;
  try {
    grossAmount = new Decimal(gross ?? 0).toFixed(2);
  } catch {
    grossAmount = '0.00';
  }
  return {
    form,
    sellerNip: text(seller?.NIP),
    sellerName: text(seller?.Nazwa) ?? null,
    buyer: { ...identifierOf(buyerData), name: text(buyerData?.Nazwa) ?? null },
    thirdSubjects,
    invoiceNumber: text(fa?.P_2),
    issueDate: text(fa?.P_1),
    kind: text(fa?.RodzajFaktury),
    currency: text(fa?.KodWaluty) ?? 'PLN',
    netAmount: sum(fa, NET_FIELDS),
    vatAmount: sum(fa, VAT_FIELDS),
    grossAmount,
    hasAttachment: invoice.Zalacznik !== undefined,
    selfInvoicing: text(element(fa?.Adnotacje)?.P_17) === '1',
  };
}

/** The facts of an invoice file; undefined when it cannot be read as a KSeF invoice. */
export function invoiceFacts(xml: Uint8Array): InvoiceFacts | undefined {
  const read = ksefToJson(xml);
  return read.json ? factsOfJson(read.json, read.form) : undefined;
}

export function invoiceTypeOf(kind: string | undefined): InvoiceType {
  return (kind && INVOICE_TYPES[kind]) || 'Vat';
}
