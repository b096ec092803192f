import type { Column, Field, Section, TableCell } from '@fiscus/fatturapa/render-kit';
import { joined, periodText, schemed, type UblRenderContext } from './context.ts';
import { attribute, child, children, text, texts, type JsonObject } from './json-access.ts';
import { addressText, partyName } from './parties.ts';

/**
 * A tax category with its rate: "S 25.00%" in tables (the meaning of the code is in the VAT
 * breakdown), "S - Standard rate 25.00%" with `described`.
 */
export function taxCategoryText(
  ctx: UblRenderContext,
  category: JsonObject,
  described = false,
): string {
  const id = text(category, 'ID');
  const percent = text(category, 'Percent');
  const code = id && described ? ctx.code('vatCategory', id) : id;
  return joined([code, percent ? ctx.rate(percent) : ''], ' ');
}

/** An item's name and, under it, what identifies it. */
export function itemCell(ctx: UblRenderContext, item: JsonObject, extra: string[] = []): TableCell {
  const { labels } = ctx;
  const description = texts(item, 'Description');
  const properties = children(item, 'AdditionalItemProperty').map((property) =>
    joined([text(property, 'Name'), text(property, 'Value')], ': '),
  );
  const details = [
    ...description.filter((line) => line !== text(item, 'Name')),
    joined(
      [
        ['sellerItemId', text(child(item, 'SellersItemIdentification'), 'ID')],
        ['buyerItemId', text(child(item, 'BuyersItemIdentification'), 'ID')],
        ['standardItemId', schemed(child(item, 'StandardItemIdentification'), 'ID')],
      ]
        .filter(([, value]) => value !== '')
        .map(([key, value]) => `${labels[key as 'sellerItemId']}: ${value}`),
      ' · ',
    ),
    ...properties,
    ...extra,
  ].filter((line) => line !== '');
  return { text: text(item, 'Name') || description[0] || '', details };
}

/** "Allowance: reason 10% of 100,00 €" for the details of a line. */
function allowanceChargeText(ctx: UblRenderContext, entry: JsonObject): string {
  const charge = text(entry, 'ChargeIndicator') === 'true';
  const reason = text(entry, 'AllowanceChargeReason') || text(entry, 'AllowanceChargeReasonCode');
  return `${charge ? ctx.labels.charge : ctx.labels.allowance}: ${joined([reason, ctx.money(entry, 'Amount')], ' ')}`;
}

export function lineAllowanceCharges(ctx: UblRenderContext, line: JsonObject): string[] {
  return children(line, 'AllowanceCharge').map((entry) => allowanceChargeText(ctx, entry));
}

/** The price cell: amount, "per 2 pcs" when the base quantity is not one. */
export function priceCell(ctx: UblRenderContext, price: JsonObject): TableCell {
  const base = text(price, 'BaseQuantity');
  const details =
    base && base !== '1'
      ? [ctx.fill(ctx.labels.per, { quantity: ctx.quantity(price, 'BaseQuantity') })]
      : [];
  const discount = children(price, 'AllowanceCharge').map(
    (entry) => `${ctx.labels.allowance}: ${ctx.money(entry, 'Amount')}`,
  );
  return { text: ctx.money(price, 'PriceAmount'), details: [...details, ...discount] };
}

export function lineColumns(ctx: UblRenderContext, statusColumn = false): Column[] {
  const { labels } = ctx;
  return [
    { label: labels.lineNumber, align: 'left', weight: 5 },
    { label: labels.item, align: 'left', weight: statusColumn ? 27 : 38 },
    ...(statusColumn ? [{ label: labels.status, align: 'left' as const, weight: 15 }] : []),
    { label: labels.quantity, align: 'right', weight: 11 },
    { label: labels.price, align: 'right', weight: 13 },
    { label: labels.vat, align: 'left', weight: 13 },
    { label: labels.netAmount, align: 'right', weight: 14 },
  ];
}

/** The document-level allowances and charges. */
export function allowanceChargeSection(
  ctx: UblRenderContext,
  root: JsonObject,
): Section | undefined {
  const entries = children(root, 'AllowanceCharge');
  if (entries.length === 0) return undefined;
  const { labels } = ctx;
  return {
    kind: 'table',
    title: labels.allowancesCharges,
    columns: [
      { label: labels.kind, align: 'left', weight: 14 },
      { label: labels.reason, align: 'left', weight: 34 },
      { label: labels.baseAmount, align: 'right', weight: 14 },
      { label: labels.percent, align: 'right', weight: 10 },
      { label: labels.vat, align: 'left', weight: 14 },
      { label: labels.amount, align: 'right', weight: 14 },
    ],
    rows: entries.map((entry) => {
      const code = text(entry, 'AllowanceChargeReasonCode');
      const reason = text(entry, 'AllowanceChargeReason');
      return [
        { text: text(entry, 'ChargeIndicator') === 'true' ? labels.charge : labels.allowance },
        { text: reason || code, details: reason && code ? [code] : [] },
        { text: ctx.money(entry, 'BaseAmount') },
        { text: ctx.rate(text(entry, 'MultiplierFactorNumeric')) },
        { text: taxCategoryText(ctx, child(entry, 'TaxCategory')) },
        { text: ctx.money(entry, 'Amount') },
      ];
    }),
  };
}

/** The VAT breakdown: one row per tax subtotal of the document currency's tax total. */
export function vatBreakdownSection(ctx: UblRenderContext, root: JsonObject): Section | undefined {
  const subtotals = children(root, 'TaxTotal').flatMap((total) => children(total, 'TaxSubtotal'));
  if (subtotals.length === 0) return undefined;
  const { labels } = ctx;
  return {
    kind: 'table',
    title: labels.vatBreakdown,
    columns: [
      { label: labels.vatCategory, align: 'left', weight: 34 },
      { label: labels.vatRate, align: 'right', weight: 12 },
      { label: labels.taxableAmount, align: 'right', weight: 18 },
      { label: labels.taxAmount, align: 'right', weight: 18 },
    ],
    rows: subtotals.map((subtotal) => {
      const category = child(subtotal, 'TaxCategory');
      const exemption = joined(
        [text(category, 'TaxExemptionReasonCode'), text(category, 'TaxExemptionReason')],
        ' - ',
      );
      const id = text(category, 'ID');
      return [
        {
          text: id ? ctx.code('vatCategory', id) : '',
          details: exemption ? [`${labels.exemptionReason}: ${exemption}`] : [],
        },
        { text: ctx.rate(text(category, 'Percent')) },
        { text: ctx.money(subtotal, 'TaxableAmount') },
        { text: ctx.money(subtotal, 'TaxAmount') },
      ];
    }),
  };
}

/** Tax totals: the one in the document currency, and the one in the VAT currency if any. */
export function taxTotalFields(
  ctx: UblRenderContext,
  root: JsonObject,
  documentCurrency: string,
): Field[] {
  const { labels } = ctx;
  return children(root, 'TaxTotal')
    .map((total) => {
      const currency = attribute(total, 'TaxAmount', 'currencyID');
      const inTaxCurrency =
        currency !== '' && documentCurrency !== '' && currency !== documentCurrency;
      return {
        label: inTaxCurrency ? labels.taxTotalInTaxCurrency : labels.taxTotal,
        value: ctx.money(total, 'TaxAmount'),
      };
    })
    .filter((field) => field.value !== '');
}

/** Payment means (with IBAN/BIC, card, mandate), payment terms. */
export function paymentSection(
  ctx: UblRenderContext,
  root: JsonObject,
  dueDate: string,
): Section[] {
  const { labels } = ctx;
  const sections: Section[] = [];
  children(root, 'PaymentMeans').forEach((means) => {
    const account = child(means, 'PayeeFinancialAccount');
    const card = child(means, 'CardAccount');
    const mandate = child(means, 'PaymentMandate');
    const code = text(means, 'PaymentMeansCode');
    const fields = ctx.fields([
      [
        labels.paymentMeans,
        joined([ctx.code('paymentMeans', code), meansName(means, ctx, code)], ' '),
      ],
      [labels.dueDate, ctx.date(text(means, 'PaymentDueDate') || dueDate)],
      [labels.paymentId, texts(means, 'PaymentID').join(', ')],
      [labels.iban, text(account, 'ID')],
      [labels.accountName, text(account, 'Name')],
      [labels.bic, text(child(account, 'FinancialInstitutionBranch'), 'ID')],
      [
        labels.card,
        joined(
          [text(card, 'PrimaryAccountNumberID'), text(card, 'NetworkID'), text(card, 'HolderName')],
          ' · ',
        ),
      ],
      [labels.mandate, text(mandate, 'ID')],
      [labels.debitedAccount, text(child(mandate, 'PayerFinancialAccount'), 'ID')],
    ]);
    if (fields.length > 0) sections.push({ kind: 'fields', title: labels.payment, fields });
  });
  const terms = children(root, 'PaymentTerms').flatMap((term) => texts(term, 'Note'));
  if (terms.length > 0) {
    sections.push({ kind: 'paragraphs', title: labels.paymentTerms, paragraphs: terms });
  }
  return sections;
}

/** The means' own name ("Credit transfer") when the code is not one the labels know. */
function meansName(means: JsonObject, ctx: UblRenderContext, code: string): string {
  const name = attribute(means, 'PaymentMeansCode', 'name');
  return name && ctx.code('paymentMeans', code) === code ? `(${name})` : '';
}

/** Delivery: date, location and address, party, requested or promised period, terms. */
export function deliverySection(ctx: UblRenderContext, root: JsonObject): Section | undefined {
  const { labels } = ctx;
  const fields: Field[] = [];
  for (const delivery of children(root, 'Delivery')) {
    const location = child(delivery, 'DeliveryLocation');
    const party = child(delivery, 'DeliveryParty');
    fields.push(
      ...ctx.fields([
        [labels.deliveryDate, ctx.date(text(delivery, 'ActualDeliveryDate'))],
        [labels.requestedPeriod, periodText(ctx, child(delivery, 'RequestedDeliveryPeriod'))],
        [labels.promisedPeriod, periodText(ctx, child(delivery, 'PromisedDeliveryPeriod'))],
        [
          labels.deliveryLocation,
          joined([schemed(location, 'ID'), addressText(child(location, 'Address'))], ' · '),
        ],
        [labels.deliveryParty, partyName(party)],
      ]),
    );
  }
  for (const terms of children(root, 'DeliveryTerms')) {
    fields.push(
      ...ctx.fields([
        [
          labels.deliveryTerms,
          joined(
            [
              text(terms, 'ID'),
              text(terms, 'SpecialTerms'),
              text(child(terms, 'DeliveryLocation'), 'ID'),
            ],
            ' · ',
          ),
        ],
      ]),
    );
  }
  return fields.length > 0 ? { kind: 'fields', title: labels.delivery, fields } : undefined;
}

export function notesSection(ctx: UblRenderContext, root: JsonObject): Section | undefined {
  const notes = texts(root, 'Note');
  return notes.length > 0
    ? { kind: 'paragraphs', title: ctx.labels.notes, paragraphs: notes }
    : undefined;
}

/** The IDs of a repeated document reference, "ID (date)". */
export function referenceIds(ctx: UblRenderContext, root: JsonObject, key: string): string {
  return joined(
    children(root, key).map((reference) => {
      const date = ctx.date(text(reference, 'IssueDate'));
      return joined([text(reference, 'ID'), date ? `(${date})` : ''], ' ');
    }),
  );
}
