import Decimal from 'decimal.js';
import { computeAmountDue, computeDocumentTotal } from '../calc/index.ts';
import type {
  DatiDocumentiCorrelati,
  DatiRiepilogo,
  DatiRitenuta,
  DatiGenerali,
  DatiGeneraliDocumento,
  DatiPagamento,
  DettaglioLinee,
  DettaglioPagamento,
  FatturaElettronica,
  FatturaElettronicaBody,
  FatturaElettronicaHeader,
  ScontoMaggiorazione,
} from '../model/index.ts';
import { attachmentsSection } from './attachments-section.ts';
import { listOf, textOf, type Loose } from './loose-model.ts';
import { addressText, fiscalIdText, partyName, reaText } from './party-format.ts';
import { createRenderContext, type RenderContext } from './render-context.ts';
import type {
  Field,
  PartyBox,
  RenderedDocument,
  RenderedInvoice,
  Section,
  TableCell,
} from './rendered-document.ts';
import { documentHeading, transmissionSection } from './document-heading.ts';

type Header = Loose<FatturaElettronicaHeader>;
type Body = Loose<FatturaElettronicaBody>;

/** Reads an ordinary invoice (FPA12/FPR12) into its rendered form, one document per body. */
export function renderOrdinaryInvoice(
  invoice: Loose<FatturaElettronica>,
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
    format: header.dati_trasmissione?.formato_trasmissione,
    index,
    count: bodyCount,
  });
  const sections: (Section | undefined)[] = [
    partiesSection(header, ctx),
    transmissionSection(ctx, header.dati_trasmissione, header.soggetto_emittente, [
      [ctx.labels.transmitterContacts, transmitterContacts(header)],
    ]),
    documentDataSection(general, document, body, ctx),
    linkedDocumentsSection(general, ctx),
    transportSection(general, ctx),
    linesSection(body, ctx),
    vatSummarySection(body, ctx),
    withholdingSection(document, ctx),
    pensionFundSection(document, ctx),
    totalsSection(document, body, ctx),
    paymentsSection(listOf(body.dati_pagamento), ctx),
    causaleSection(document, ctx),
    attachmentsSection(listOf(body.allegati), ctx),
  ];
  return {
    ...heading,
    sections: sections.filter((section): section is Section => section !== undefined),
  };
}

function transmitterContacts(header: Header): string {
  const contacts = header.dati_trasmissione?.contatti_trasmittente;
  return [contacts?.telefono, contacts?.email].map(textOf).filter(Boolean).join(', ');
}

function partiesSection(header: Header, ctx: RenderContext): Section {
  const { labels } = ctx;
  const supplier = header.cedente_prestatore ?? {};
  const supplierData = supplier.dati_anagrafici ?? {};
  const contacts = supplier.contatti ?? {};
  const register = [
    supplierData.albo_professionale,
    supplierData.provincia_albo,
    supplierData.numero_iscrizione_albo,
  ]
    .map(textOf)
    .filter(Boolean)
    .join(' ');
  const registerDate = textOf(supplierData.data_iscrizione_albo);
  const parties: PartyBox[] = [
    {
      title: labels.supplier,
      name: partyName(supplierData.anagrafica),
      fields: ctx.fields([
        [labels.vatNumber, fiscalIdText(supplierData.id_fiscale_iva)],
        [labels.fiscalCode, textOf(supplierData.codice_fiscale)],
        [labels.address, addressText(supplier.sede)],
        [labels.permanentEstablishment, addressText(supplier.stabile_organizzazione)],
        [labels.taxRegime, ctx.code('regimeFiscale', supplierData.regime_fiscale)],
        [labels.rea, reaText(supplier.iscrizione_rea, ctx)],
        [
          labels.professionalRegister,
          registerDate ? `${register} (${ctx.date(registerDate)})` : register,
        ],
        [labels.eoriCode, textOf(supplierData.anagrafica?.cod_eori)],
        [labels.phone, textOf(contacts.telefono)],
        [labels.fax, textOf(contacts.fax)],
        [labels.email, textOf(contacts.email)],
        [labels.administrationReference, textOf(supplier.riferimento_amministrazione)],
      ]),
    },
  ];
  const customer = header.cessionario_committente ?? {};
  const customerData = customer.dati_anagrafici ?? {};
  const customerRepresentative = customer.rappresentante_fiscale;
  parties.push({
    title: labels.customer,
    name: partyName(customerData.anagrafica),
    fields: ctx.fields([
      [labels.vatNumber, fiscalIdText(customerData.id_fiscale_iva)],
      [labels.fiscalCode, textOf(customerData.codice_fiscale)],
      [labels.address, addressText(customer.sede)],
      [labels.permanentEstablishment, addressText(customer.stabile_organizzazione)],
      [labels.eoriCode, textOf(customerData.anagrafica?.cod_eori)],
      [
        labels.customerFiscalRepresentative,
        customerRepresentative
          ? [partyName(customerRepresentative), fiscalIdText(customerRepresentative.id_fiscale_iva)]
              .filter(Boolean)
              .join(', ')
          : '',
      ],
    ]),
  });
  const representative = header.rappresentante_fiscale?.dati_anagrafici;
  if (representative) {
    parties.push({
      title: labels.fiscalRepresentative,
      name: partyName(representative.anagrafica),
      fields: ctx.fields([
        [labels.vatNumber, fiscalIdText(representative.id_fiscale_iva)],
        [labels.fiscalCode, textOf(representative.codice_fiscale)],
        [labels.eoriCode, textOf(representative.anagrafica?.cod_eori)],
      ]),
    });
  }
  const thirdParty = header.terzo_intermediario_o_soggetto_emittente?.dati_anagrafici;
  if (thirdParty) {
    parties.push({
      title: labels.thirdPartyIssuer,
      name: partyName(thirdParty.anagrafica),
      fields: ctx.fields([
        [labels.vatNumber, fiscalIdText(thirdParty.id_fiscale_iva)],
        [labels.fiscalCode, textOf(thirdParty.codice_fiscale)],
        [labels.eoriCode, textOf(thirdParty.anagrafica?.cod_eori)],
      ]),
    });
  }
  return { kind: 'parties', parties };
}

function documentDataSection(
  general: Loose<DatiGenerali>,
  document: Loose<DatiGeneraliDocumento>,
  body: Body,
  ctx: RenderContext,
): Section | undefined {
  const { labels } = ctx;
  const stamp = document.dati_bollo;
  const stampText = textOf(stamp?.bollo_virtuale)
    ? [labels.yes, ctx.money(stamp?.importo_bollo)].filter(Boolean).join(', ')
    : '';
  const main = general.fattura_principale;
  const mainInvoice = main
    ? [textOf(main.numero_fattura_principale), ctx.date(main.data_fattura_principale)]
        .filter(Boolean)
        .join(' - ')
    : '';
  const phases = listOf(general.dati_sal)
    .map((sal) => textOf(sal.riferimento_fase))
    .filter(Boolean)
    .join(', ');
  const vehicles = body.dati_veicoli;
  const vehicleText = vehicles
    ? [ctx.date(vehicles.data), textOf(vehicles.totale_percorso)]
        .filter(Boolean)
        .join(`, ${labels.vehicleDistance} `)
    : '';
  const fields = ctx.fields([
    [labels.virtualStampDuty, stampText],
    [labels.art73, textOf(document.art73) ? labels.art73Text : ''],
    [labels.mainInvoice, mainInvoice],
    [labels.workProgress, phases],
    [labels.vehicles, vehicleText],
  ]);
  return fields.length > 0 ? { kind: 'fields', title: labels.otherInformation, fields } : undefined;
}

function linkedDocumentsSection(
  general: Loose<DatiGenerali>,
  ctx: RenderContext,
): Section | undefined {
  const { labels } = ctx;
  const correlated: [string, Loose<DatiDocumentiCorrelati>[]][] = [
    [labels.purchaseOrder, listOf(general.dati_ordine_acquisto)],
    [labels.contract, listOf(general.dati_contratto)],
    [labels.agreement, listOf(general.dati_convenzione)],
    [labels.receipt, listOf(general.dati_ricezione)],
    [labels.linkedInvoice, listOf(general.dati_fatture_collegate)],
  ];
  const rows: TableCell[][] = [];
  for (const [kind, documents] of correlated) {
    for (const document of documents) {
      rows.push([
        { text: kind },
        { text: textOf(document.id_documento) },
        { text: ctx.date(document.data) },
        { text: lineRefs(document.riferimento_numero_linea) },
        { text: textOf(document.num_item) },
        { text: textOf(document.codice_commessa_convenzione) },
        { text: textOf(document.codice_cup) },
        { text: textOf(document.codice_cig) },
      ]);
    }
  }
  for (const ddt of listOf(general.dati_ddt)) {
    rows.push([
      { text: labels.deliveryNote },
      { text: textOf(ddt.numero_ddt) },
      { text: ctx.date(ddt.data_ddt) },
      { text: lineRefs(ddt.riferimento_numero_linea) },
      { text: '' },
      { text: '' },
      { text: '' },
      { text: '' },
    ]);
  }
  if (rows.length === 0) return undefined;
  return {
    kind: 'table',
    title: labels.linkedDocuments,
    columns: [
      { label: labels.kind, align: 'left', weight: 3 },
      { label: labels.documentId, align: 'left', weight: 3 },
      { label: labels.date, align: 'left', weight: 2.2 },
      { label: labels.lineRefs, align: 'left', weight: 1.5 },
      { label: labels.itemNumber, align: 'left', weight: 1.5 },
      { label: labels.orderCode, align: 'left', weight: 3 },
      { label: labels.cup, align: 'left', weight: 2 },
      { label: labels.cig, align: 'left', weight: 2 },
    ],
    rows,
  };
}

function lineRefs(refs: string[] | string | undefined): string {
  return (Array.isArray(refs) ? refs : [refs]).map(textOf).filter(Boolean).join(', ');
}

function transportSection(general: Loose<DatiGenerali>, ctx: RenderContext): Section | undefined {
  const transport = general.dati_trasporto;
  if (!transport) return undefined;
  const { labels } = ctx;
  const carrier = transport.dati_anagrafici_vettore;
  const carrierText = carrier
    ? [
        partyName(carrier.anagrafica),
        fiscalIdText(carrier.id_fiscale_iva),
        textOf(carrier.codice_fiscale),
        textOf(carrier.numero_licenza_guida)
          ? `${labels.driverLicence} ${textOf(carrier.numero_licenza_guida)}`
          : '',
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const unit = textOf(transport.unita_misura_peso);
  const weight = (value: string | undefined) =>
    textOf(value) ? [ctx.decimal(value, 0), unit].filter(Boolean).join(' ') : '';
  const fields = ctx.fields([
    [labels.carrier, carrierText],
    [labels.transportMeans, textOf(transport.mezzo_trasporto)],
    [labels.transportReason, textOf(transport.causale_trasporto)],
    [labels.packages, textOf(transport.numero_colli)],
    [labels.goodsDescription, textOf(transport.descrizione)],
    [labels.grossWeight, weight(transport.peso_lordo)],
    [labels.netWeight, weight(transport.peso_netto)],
    [labels.pickupTime, ctx.dateTime(transport.data_ora_ritiro)],
    [labels.transportStart, ctx.date(transport.data_inizio_trasporto)],
    [labels.deliveryTerms, textOf(transport.tipo_resa)],
    [labels.deliveryAddress, addressText(transport.indirizzo_resa)],
    [labels.deliveryTime, ctx.dateTime(transport.data_ora_consegna)],
  ]);
  return fields.length > 0 ? { kind: 'fields', title: labels.transport, fields } : undefined;
}

/** "SC 10,00%", "MG 5,00": each discount or surcharge of a line or of the document. */
function discountsText(discounts: Loose<ScontoMaggiorazione>[], ctx: RenderContext): string {
  return discounts
    .map((discount) => {
      const kind = textOf(discount.tipo);
      const label = kind === 'SC' ? '-' : kind === 'MG' ? '+' : kind;
      const amount = textOf(discount.percentuale)
        ? ctx.rate(discount.percentuale)
        : ctx.decimal(discount.importo);
      return `${label}${amount}`;
    })
    .join(' ');
}

function lineDetails(line: Loose<DettaglioLinee>, ctx: RenderContext): string[] {
  const { labels } = ctx;
  const details: string[] = [];
  const kind = ctx.code('tipoCessionePrestazione', line.tipo_cessione_prestazione);
  if (kind) details.push(kind);
  const start = textOf(line.data_inizio_periodo);
  const end = textOf(line.data_fine_periodo);
  if (start || end) {
    details.push(
      `${labels.period}: ${[ctx.date(start), ctx.date(end)].filter(Boolean).join(' - ')}`,
    );
  }
  if (textOf(line.ritenuta)) details.push(labels.withholdingApplies);
  const reference = textOf(line.riferimento_amministrazione);
  if (reference) details.push(`${labels.administrationReference}: ${reference}`);
  for (const data of listOf(line.altri_dati_gestionali)) {
    const values = [
      textOf(data.riferimento_testo),
      textOf(data.riferimento_numero) ? ctx.decimal(data.riferimento_numero, 0) : '',
      ctx.date(data.riferimento_data),
    ].filter(Boolean);
    details.push(`${textOf(data.tipo_dato)}: ${values.join(', ')}`);
  }
  return details;
}

/** AliquotaIVA, or the natura code when the rate is zero (the description goes in the summary). */
function vatCell(rate: string | undefined, nature: string | undefined, ctx: RenderContext): string {
  const natureCode = textOf(nature);
  return natureCode ? `${ctx.rate(rate)} ${natureCode}`.trim() : ctx.rate(rate);
}

function linesSection(body: Body, ctx: RenderContext): Section {
  const { labels } = ctx;
  const rows = listOf(body.dati_beni_servizi?.dettaglio_linee).map((line): TableCell[] => {
    const codes = listOf(line.codice_articolo)
      .map((code) =>
        [textOf(code.codice_tipo), textOf(code.codice_valore)].filter(Boolean).join(': '),
      )
      .filter(Boolean);
    return [
      { text: textOf(line.numero_linea) },
      { text: codes[0] ?? '', details: codes.slice(1) },
      { text: textOf(line.descrizione), details: lineDetails(line, ctx) },
      { text: ctx.decimal(line.quantita) },
      { text: textOf(line.unita_misura) },
      { text: ctx.decimal(line.prezzo_unitario) },
      { text: discountsText(listOf(line.sconto_maggiorazione), ctx) },
      { text: ctx.decimal(line.prezzo_totale) },
      { text: vatCell(line.aliquota_iva, line.natura, ctx) },
    ];
  });
  return {
    kind: 'table',
    title: `${labels.lines} (${textOf(body.dati_generali?.dati_generali_documento?.divisa) || 'EUR'})`,
    columns: [
      { label: labels.lineNumber, align: 'right', weight: 1.4 },
      { label: labels.code, align: 'left', weight: 2 },
      { label: labels.description, align: 'left', weight: 7 },
      { label: labels.quantity, align: 'right', weight: 2 },
      { label: labels.unit, align: 'left', weight: 1.6 },
      { label: labels.unitPrice, align: 'right', weight: 2.3 },
      { label: labels.discounts, align: 'right', weight: 2 },
      { label: labels.lineTotal, align: 'right', weight: 2.3 },
      { label: labels.vat, align: 'right', weight: 1.9 },
    ],
    rows,
  };
}

function vatSummarySection(body: Body, ctx: RenderContext): Section {
  const { labels } = ctx;
  const rows = listOf(body.dati_beni_servizi?.dati_riepilogo).map((summary): TableCell[] => {
    const details: string[] = [];
    const nature = ctx.code('natura', summary.natura);
    if (nature) details.push(nature);
    if (textOf(summary.spese_accessorie)) {
      details.push(`${labels.ancillaryCosts}: ${ctx.money(summary.spese_accessorie)}`);
    }
    if (textOf(summary.arrotondamento)) {
      details.push(`${labels.rounding}: ${ctx.money(summary.arrotondamento)}`);
    }
    return [
      { text: vatCell(summary.aliquota_iva, summary.natura, ctx), details },
      { text: ctx.money(summary.imponibile_importo) },
      { text: ctx.money(summary.imposta) },
      { text: ctx.code('esigibilitaIva', summary.esigibilita_iva) },
      { text: textOf(summary.riferimento_normativo) },
    ];
  });
  return {
    kind: 'table',
    title: labels.vatSummary,
    columns: [
      { label: labels.rateOrNature, align: 'left', weight: 5 },
      { label: labels.taxableAmount, align: 'right', weight: 2.6 },
      { label: labels.tax, align: 'right', weight: 2.4 },
      { label: labels.vatChargeability, align: 'left', weight: 3 },
      { label: labels.legalReference, align: 'left', weight: 4 },
    ],
    rows,
  };
}

function withholdingSection(
  document: Loose<DatiGeneraliDocumento>,
  ctx: RenderContext,
): Section | undefined {
  const withholdings = listOf(document.dati_ritenuta);
  if (withholdings.length === 0) return undefined;
  const { labels } = ctx;
  return {
    kind: 'table',
    title: labels.withholdings,
    columns: [
      { label: labels.withholdingType, align: 'left', weight: 5 },
      { label: labels.rate, align: 'right', weight: 1.5 },
      { label: labels.amount, align: 'right', weight: 2 },
      { label: labels.paymentReason, align: 'left', weight: 2 },
    ],
    rows: withholdings.map((withholding) => [
      { text: ctx.code('tipoRitenuta', withholding.tipo_ritenuta) },
      { text: ctx.rate(withholding.aliquota_ritenuta) },
      { text: ctx.money(withholding.importo_ritenuta) },
      { text: textOf(withholding.causale_pagamento) },
    ]),
  };
}

function pensionFundSection(
  document: Loose<DatiGeneraliDocumento>,
  ctx: RenderContext,
): Section | undefined {
  const funds = listOf(document.dati_cassa_previdenziale);
  if (funds.length === 0) return undefined;
  const { labels } = ctx;
  return {
    kind: 'table',
    title: labels.pensionFunds,
    columns: [
      { label: labels.fundType, align: 'left', weight: 5 },
      { label: labels.rate, align: 'right', weight: 1.5 },
      { label: labels.contributionBase, align: 'right', weight: 2.2 },
      { label: labels.contribution, align: 'right', weight: 2.2 },
      { label: labels.vat, align: 'right', weight: 1.6 },
    ],
    rows: funds.map((fund) => {
      const details = [
        textOf(fund.ritenuta) ? labels.withholdingApplies : '',
        textOf(fund.riferimento_amministrazione)
          ? `${labels.administrationReference}: ${textOf(fund.riferimento_amministrazione)}`
          : '',
      ].filter(Boolean);
      return [
        { text: ctx.code('tipoCassa', fund.tipo_cassa), details },
        { text: ctx.rate(fund.al_cassa) },
        { text: ctx.money(fund.imponibile_cassa) },
        { text: ctx.money(fund.importo_contributo_cassa) },
        { text: vatCell(fund.aliquota_iva, fund.natura, ctx) },
      ];
    }),
  };
}

/** Sum of decimal strings; text that is not a number is skipped (the invoice may be invalid). */
function sumOf(values: (string | undefined)[]): string | undefined {
  let total = new Decimal(0);
  let any = false;
  for (const value of values) {
    const text = textOf(value);
    if (!/^[+-]?\d+(\.\d+)?$/.test(text)) continue;
    total = total.plus(text);
    any = true;
  }
  return any ? total.toFixed(2) : undefined;
}

function totalsSection(
  document: Loose<DatiGeneraliDocumento>,
  body: Body,
  ctx: RenderContext,
): Section {
  const { labels } = ctx;
  const summaries = listOf(body.dati_beni_servizi?.dati_riepilogo);
  const withholding = sumOf(listOf(document.dati_ritenuta).map((w) => w.importo_ritenuta));
  const funds = sumOf(
    listOf(document.dati_cassa_previdenziale).map((fund) => fund.importo_contributo_cassa),
  );
  const rows: Field[] = ctx.fields([
    [labels.totalTaxable, ctx.money(sumOf(summaries.map((s) => s.imponibile_importo)))],
    [labels.totalVat, ctx.money(sumOf(summaries.map((s) => s.imposta)))],
    [labels.totalPensionFunds, ctx.money(funds)],
    [labels.documentDiscount, discountsText(listOf(document.sconto_maggiorazione), ctx)],
    [labels.stampDuty, ctx.money(document.dati_bollo?.importo_bollo)],
    [labels.rounding, ctx.money(document.arrotondamento)],
  ]);
  const withholdingRows = ctx.fields([
    [labels.totalWithholding, withholding ? ctx.money(`-${withholding}`) : ''],
  ]);
  // ImportoTotaleDocumento is optional: without it the total is computed the way SDI defines it,
  // and labelled as computed so nobody mistakes it for a stated amount.
  const stated = textOf(document.importo_totale_documento);
  const total =
    stated ||
    (summaries.length > 0
      ? computeDocumentTotal({
          dati_riepilogo: summaries as unknown as DatiRiepilogo[],
          sconto_maggiorazione: listOf(
            document.sconto_maggiorazione,
          ) as unknown as ScontoMaggiorazione[],
          ...(textOf(document.arrotondamento)
            ? { arrotondamento: textOf(document.arrotondamento) }
            : {}),
        })
      : '');
  if (!total) return { kind: 'totals', title: labels.totals, rows: [...rows, ...withholdingRows] };
  const due = computeAmountDue({
    importo_totale_documento: total,
    dati_ritenuta: listOf(document.dati_ritenuta) as unknown as DatiRitenuta[],
    dati_riepilogo: summaries as unknown as DatiRiepilogo[],
  });
  const grandTotal = {
    label: stated ? labels.documentTotal : labels.computedTotal,
    value: ctx.money(total),
  };
  // Withholding and split payment (esigibilità S) lower what the customer pays to the supplier.
  if (due !== undefined && due !== computeAmountDue({ importo_totale_documento: total })) {
    return {
      kind: 'totals',
      title: labels.totals,
      rows: [...rows, grandTotal, ...withholdingRows],
      grandTotal: { label: labels.netToPay, value: ctx.money(due) },
    };
  }
  return { kind: 'totals', title: labels.totals, rows, grandTotal };
}

function paymentDue(detail: Loose<DettaglioPagamento>, ctx: RenderContext): TableCell {
  const { labels } = ctx;
  const details: string[] = [];
  const from = textOf(detail.data_riferimento_termini_pagamento);
  const days = textOf(detail.giorni_termini_pagamento);
  if (days) details.push(ctx.fill(labels.termsDays, { days }));
  if (from) details.push(ctx.fill(labels.termsFrom, { date: ctx.date(from) }));
  return { text: ctx.date(detail.data_scadenza_pagamento), details };
}

function bankCell(detail: Loose<DettaglioPagamento>, ctx: RenderContext): TableCell {
  const { labels } = ctx;
  const iban = textOf(detail.iban).replace(/\s+/g, '');
  // IBANs are read in groups of four characters.
  const ibanText = iban ? `IBAN ${iban.replace(/(.{4})(?=.)/g, '$1 ')}` : '';
  const details = [
    textOf(detail.istituto_finanziario),
    [
      textOf(detail.abi) ? `ABI ${textOf(detail.abi)}` : '',
      textOf(detail.cab) ? `CAB ${textOf(detail.cab)}` : '',
      textOf(detail.bic) ? `BIC ${textOf(detail.bic)}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    textOf(detail.cod_ufficio_postale)
      ? `${labels.postOffice}: ${textOf(detail.cod_ufficio_postale)}`
      : '',
  ].filter(Boolean);
  return ibanText
    ? { text: ibanText, details }
    : { text: details[0] ?? '', details: details.slice(1) };
}

function paymentExtras(detail: Loose<DettaglioPagamento>, ctx: RenderContext): string[] {
  const { labels } = ctx;
  const extras: string[] = [];
  const beneficiary = textOf(detail.beneficiario);
  if (beneficiary) extras.push(`${labels.beneficiary}: ${beneficiary}`);
  const signer = [detail.titolo_quietanzante, detail.nome_quietanzante, detail.cognome_quietanzante]
    .map(textOf)
    .filter(Boolean)
    .join(' ');
  const signerCode = textOf(detail.cf_quietanzante);
  if (signer || signerCode) {
    extras.push(`${labels.receiptSigner}: ${[signer, signerCode].filter(Boolean).join(', ')}`);
  }
  if (textOf(detail.codice_pagamento)) {
    extras.push(`${labels.paymentCode}: ${textOf(detail.codice_pagamento)}`);
  }
  if (textOf(detail.sconto_pagamento_anticipato)) {
    const until = textOf(detail.data_limite_pagamento_anticipato);
    extras.push(
      `${labels.earlyPaymentDiscount}: ${ctx.money(detail.sconto_pagamento_anticipato)}${
        until ? ` ${ctx.fill(labels.earlyPaymentUntil, { date: ctx.date(until) })}` : ''
      }`,
    );
  }
  if (textOf(detail.penalita_pagamenti_ritardati)) {
    const from = textOf(detail.data_decorrenza_penale);
    extras.push(
      `${labels.latePaymentPenalty}: ${ctx.money(detail.penalita_pagamenti_ritardati)}${
        from ? ` ${ctx.fill(labels.penaltyFrom, { date: ctx.date(from) })}` : ''
      }`,
    );
  }
  return extras;
}

function paymentsSection(
  payments: Loose<DatiPagamento>[],
  ctx: RenderContext,
): Section | undefined {
  const rows: TableCell[][] = [];
  for (const payment of payments) {
    const terms = ctx.code('condizioniPagamento', payment.condizioni_pagamento);
    for (const detail of listOf(payment.dettaglio_pagamento)) {
      rows.push([
        { text: terms },
        {
          text: ctx.code('modalitaPagamento', detail.modalita_pagamento),
          details: paymentExtras(detail, ctx),
        },
        paymentDue(detail, ctx),
        bankCell(detail, ctx),
        { text: ctx.money(detail.importo_pagamento) },
      ]);
    }
    if (listOf(payment.dettaglio_pagamento).length === 0 && terms) {
      rows.push([{ text: terms }, { text: '' }, { text: '' }, { text: '' }, { text: '' }]);
    }
  }
  if (rows.length === 0) return undefined;
  const { labels } = ctx;
  return {
    kind: 'table',
    title: labels.payments,
    columns: [
      { label: labels.paymentTerms, align: 'left', weight: 3 },
      { label: labels.paymentMethod, align: 'left', weight: 4 },
      { label: labels.dueDate, align: 'left', weight: 2.4 },
      { label: labels.bankDetails, align: 'left', weight: 5 },
      { label: labels.amount, align: 'right', weight: 2.4 },
    ],
    rows,
  };
}

function causaleSection(
  document: Loose<DatiGeneraliDocumento>,
  ctx: RenderContext,
): Section | undefined {
  const paragraphs = listOf<string>(document.causale).map(textOf).filter(Boolean);
  return paragraphs.length > 0
    ? { kind: 'paragraphs', title: ctx.labels.reason, paragraphs }
    : undefined;
}
