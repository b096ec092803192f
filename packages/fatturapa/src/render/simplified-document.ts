import Decimal from 'decimal.js';
import type {
  FatturaElettronicaSemplificata,
  SemplificataCedentePrestatore,
  SemplificataCessionarioCommittente,
  SemplificataFatturaElettronicaBody,
  SemplificataFatturaElettronicaHeader,
  SemplificataRappresentanteFiscale,
} from '../model/index.ts';
import { attachmentsSection } from './attachments-section.ts';
import { documentHeading, transmissionSection } from './document-heading.ts';
import { listOf, textOf, type Loose } from './loose-model.ts';
import { addressText, fiscalIdText, partyName, reaText } from './party-format.ts';
import { createRenderContext, type RenderContext } from './render-context.ts';
import type {
  PartyBox,
  RenderedDocument,
  RenderedInvoice,
  Section,
  TableCell,
} from './rendered-document.ts';

type Header = Loose<SemplificataFatturaElettronicaHeader>;
type Body = Loose<SemplificataFatturaElettronicaBody>;

/** Reads a simplified invoice (FSM10) into its rendered form, one document per body. */
export function renderSimplifiedInvoice(
  invoice: Loose<FatturaElettronicaSemplificata>,
  lang: 'it' | 'en',
): RenderedInvoice {
  const header: Header = invoice.fattura_elettronica_header ?? {};
  const bodies = listOf(invoice.fattura_elettronica_body);
  const documents = (bodies.length > 0 ? bodies : [{}]).map((body, index) =>
    renderBody(header, body, index, bodies.length, lang),
  );
  return { lang, documents };
}

function renderBody(
  header: Header,
  body: Body,
  index: number,
  bodyCount: number,
  lang: 'it' | 'en',
): RenderedDocument {
  const general = body.dati_generali ?? {};
  const document = general.dati_generali_documento ?? {};
  const ctx = createRenderContext(lang, textOf(document.divisa) || 'EUR');
  const heading = documentHeading(ctx, {
    documentType: document.tipo_documento,
    number: document.numero,
    date: document.data,
    currency: document.divisa,
    format: header.dati_trasmissione?.formato_trasmissione ?? 'FSM10',
    index,
    count: bodyCount,
  });
  // Schema VFSM10 1.0 has no BolloVirtuale, later editions add it: shown when present.
  const stamp = textOf((document as Record<string, unknown>).bollo_virtuale);
  const corrected = general.dati_fattura_rettificata;
  const documentFields = ctx.fields([
    [ctx.labels.virtualStampDuty, stamp ? ctx.labels.yes : ''],
    [
      ctx.labels.correctedInvoice,
      corrected
        ? [textOf(corrected.numero_fr), ctx.date(corrected.data_fr)].filter(Boolean).join(' - ')
        : '',
    ],
    [ctx.labels.correctedElements, textOf(corrected?.elementi_rettificati)],
  ]);
  const sections: (Section | undefined)[] = [
    { kind: 'parties', parties: parties(header, ctx) },
    transmissionSection(ctx, header.dati_trasmissione, header.soggetto_emittente),
    documentFields.length > 0
      ? { kind: 'fields', title: ctx.labels.otherInformation, fields: documentFields }
      : undefined,
    ...linesAndTotals(body, ctx),
    attachmentsSection(listOf(body.allegati), ctx),
  ];
  return {
    ...heading,
    sections: sections.filter((section): section is Section => section !== undefined),
  };
}

function representativeText(
  representative: Loose<SemplificataRappresentanteFiscale> | undefined,
): string {
  if (!representative) return '';
  return [partyName(representative), fiscalIdText(representative.id_fiscale_iva)]
    .filter(Boolean)
    .join(', ');
}

function parties(header: Header, ctx: RenderContext): PartyBox[] {
  const { labels } = ctx;
  const supplier: Loose<SemplificataCedentePrestatore> = header.cedente_prestatore ?? {};
  const customer: Loose<SemplificataCessionarioCommittente> = header.cessionario_committente ?? {};
  const customerIds = customer.identificativi_fiscali ?? {};
  const customerOther = customer.altri_dati_identificativi ?? {};
  return [
    {
      title: labels.supplier,
      name: partyName(supplier),
      fields: ctx.fields([
        [labels.vatNumber, fiscalIdText(supplier.id_fiscale_iva)],
        [labels.fiscalCode, textOf(supplier.codice_fiscale)],
        [labels.address, addressText(supplier.sede)],
        [labels.permanentEstablishment, addressText(supplier.stabile_organizzazione)],
        [labels.taxRegime, ctx.code('regimeFiscale', supplier.regime_fiscale)],
        [labels.rea, reaText(supplier.iscrizione_rea, ctx)],
        [labels.fiscalRepresentative, representativeText(supplier.rappresentante_fiscale)],
      ]),
    },
    {
      title: labels.customer,
      name: partyName(customerOther),
      fields: ctx.fields([
        [labels.vatNumber, fiscalIdText(customerIds.id_fiscale_iva)],
        [labels.fiscalCode, textOf(customerIds.codice_fiscale)],
        [labels.address, addressText(customerOther.sede)],
        [labels.permanentEstablishment, addressText(customerOther.stabile_organizzazione)],
        [labels.fiscalRepresentative, representativeText(customerOther.rappresentante_fiscale)],
      ]),
    },
  ];
}

function linesAndTotals(body: Body, ctx: RenderContext): Section[] {
  const { labels } = ctx;
  const lines = listOf(body.dati_beni_servizi);
  let total = new Decimal(0);
  // Each line gives either its tax or its rate: the VAT total is only shown from stated taxes.
  let tax: Decimal | undefined;
  const rows = lines.map((line, index): TableCell[] => {
    const amount = textOf(line.importo);
    if (/^[+-]?\d+(\.\d+)?$/.test(amount)) total = total.plus(amount);
    const lineTax = textOf(line.dati_iva?.imposta);
    if (/^[+-]?\d+(\.\d+)?$/.test(lineTax)) tax = (tax ?? new Decimal(0)).plus(lineTax);
    const nature = ctx.code('natura', line.natura);
    const reference = textOf(line.riferimento_normativo);
    const rate = ctx.rate(line.dati_iva?.aliquota);
    return [
      { text: String(index + 1) },
      { text: textOf(line.descrizione), details: [nature, reference].filter(Boolean) },
      { text: [rate, textOf(line.natura)].filter(Boolean).join(' ') },
      { text: ctx.money(line.dati_iva?.imposta) },
      { text: ctx.money(amount) },
    ];
  });
  return [
    {
      kind: 'table',
      title: labels.lines,
      columns: [
        { label: labels.lineNumber, align: 'right', weight: 1 },
        { label: labels.description, align: 'left', weight: 10 },
        { label: labels.vat, align: 'right', weight: 2 },
        { label: labels.tax, align: 'right', weight: 2.5 },
        { label: labels.totalVatIncluded, align: 'right', weight: 3 },
      ],
      rows,
    },
    {
      kind: 'totals',
      title: labels.totals,
      rows: ctx.fields([[labels.totalVat, tax ? ctx.money(tax.toFixed(2)) : '']]),
      grandTotal: { label: labels.totalVatIncluded, value: ctx.money(total.toFixed(2)) },
    },
  ];
}
