import type { Field, RenderedDocument, Section, TableCell } from '@fiscus/fatturapa/render-kit';
import { createUblContext, joined, periodText, type UblRenderContext } from './context.ts';
import { at, attribute, child, children, text, texts, type JsonObject } from './json-access.ts';
import type { UblLang } from './labels.ts';
import { partyBox } from './parties.ts';
import {
  allowanceChargeSection,
  deliverySection,
  itemCell,
  lineAllowanceCharges,
  lineColumns,
  notesSection,
  paymentSection,
  priceCell,
  referenceIds,
  taxCategoryText,
  taxTotalFields,
  vatBreakdownSection,
} from './sections.ts';

/** The document types the renderer draws, by root element. */
export const renderableRoots = ['Invoice', 'CreditNote', 'Order', 'OrderResponse'] as const;
export type RenderableRoot = (typeof renderableRoots)[number];

function present(sections: (Section | undefined)[]): Section[] {
  return sections.filter((section): section is Section => section !== undefined);
}

function heading(
  ctx: UblRenderContext,
  title: string,
  documentType: string,
  headline: [string, string][],
  number: string,
  date: string,
): Omit<RenderedDocument, 'sections'> {
  return {
    title,
    documentType,
    headline: ctx.fields(headline),
    reference: joined([title, number, date], ' - '),
  };
}

/** References an accountant matches a document with. */
function referenceFields(ctx: UblRenderContext, root: JsonObject): [string, string][] {
  const { labels } = ctx;
  const order = child(root, 'OrderReference');
  const billing = children(root, 'BillingReference').map((reference) => {
    const invoice = child(reference, 'InvoiceDocumentReference');
    const date = ctx.date(text(invoice, 'IssueDate'));
    return joined([text(invoice, 'ID'), date ? `(${date})` : ''], ' ');
  });
  return [
    [labels.buyerReference, text(root, 'BuyerReference')],
    [labels.customerReference, text(root, 'CustomerReference')],
    [labels.orderReference, text(order, 'ID')],
    [labels.salesOrder, text(root, 'SalesOrderID') || text(order, 'SalesOrderID')],
    [labels.precedingInvoice, joined(billing)],
    [
      labels.contract,
      referenceIds(ctx, root, 'ContractDocumentReference') || referenceIds(ctx, root, 'Contract'),
    ],
    [labels.project, referenceIds(ctx, root, 'ProjectReference')],
    [labels.despatchAdvice, referenceIds(ctx, root, 'DespatchDocumentReference')],
    [labels.receiptAdvice, referenceIds(ctx, root, 'ReceiptDocumentReference')],
    [labels.tenderReference, referenceIds(ctx, root, 'OriginatorDocumentReference')],
    [labels.quotation, referenceIds(ctx, root, 'QuotationDocumentReference')],
    [labels.previousOrder, referenceIds(ctx, root, 'OrderDocumentReference')],
    [labels.catalogue, referenceIds(ctx, root, 'CatalogueReference')],
    [labels.accountingCost, text(root, 'AccountingCost')],
  ];
}

function additionalDocuments(ctx: UblRenderContext, root: JsonObject): Section | undefined {
  const documents = children(root, 'AdditionalDocumentReference');
  if (documents.length === 0) return undefined;
  return {
    kind: 'paragraphs',
    title: ctx.labels.additionalDocuments,
    paragraphs: documents.map((document) => {
      const attachment = child(document, 'Attachment');
      const uri = text(child(attachment, 'ExternalReference'), 'URI');
      const fileName = attribute(attachment, 'EmbeddedDocumentBinaryObject', 'filename');
      return joined(
        [
          text(document, 'ID'),
          text(document, 'DocumentTypeCode'),
          text(document, 'DocumentType') || text(document, 'DocumentDescription'),
          fileName,
          uri,
        ],
        ' · ',
      );
    }),
  };
}

function specificationFields(ctx: UblRenderContext, root: JsonObject): [string, string][] {
  return [
    [ctx.labels.specification, text(root, 'CustomizationID')],
    [ctx.labels.process, text(root, 'ProfileID')],
  ];
}

/** Invoice and credit note (BIS Billing 3, CIUS-IT): everything an accountant books. */
export function invoiceDocument(
  root: JsonObject,
  kind: 'Invoice' | 'CreditNote',
  lang: UblLang,
): RenderedDocument {
  const currency = text(root, 'DocumentCurrencyCode') || 'EUR';
  const ctx = createUblContext(lang, currency);
  const { labels } = ctx;
  const typeCode = text(root, kind === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode');
  const title = kind === 'Invoice' ? labels.invoice : labels.creditNote;
  const number = text(root, 'ID');
  const date = ctx.date(text(root, 'IssueDate'));
  const dueDate = text(root, 'DueDate');
  const taxCurrency = text(root, 'TaxCurrencyCode');
  const lineKey = kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityKey = kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const totals = child(root, 'LegalMonetaryTotal');
  const periods = children(root, 'InvoicePeriod').map((period) => periodText(ctx, period));
  const documentData = ctx.fields([
    ...referenceFields(ctx, root),
    [labels.taxPointDate, ctx.date(text(root, 'TaxPointDate'))],
    [labels.invoicePeriod, joined(periods)],
    ...specificationFields(ctx, root),
  ]);
  const totalRows: Field[] = ctx.fields([
    [labels.lineTotal, ctx.money(totals, 'LineExtensionAmount')],
    [labels.allowanceTotal, ctx.money(totals, 'AllowanceTotalAmount')],
    [labels.chargeTotal, ctx.money(totals, 'ChargeTotalAmount')],
    [labels.taxExclusive, ctx.money(totals, 'TaxExclusiveAmount')],
  ]);
  totalRows.push(...taxTotalFields(ctx, root, currency));
  totalRows.push(
    ...ctx.fields([
      [labels.taxInclusive, ctx.money(totals, 'TaxInclusiveAmount')],
      [labels.prepaid, ctx.money(totals, 'PrepaidAmount')],
      [labels.rounding, ctx.money(totals, 'PayableRoundingAmount')],
    ]),
  );
  const payable = ctx.money(totals, 'PayableAmount');
  const parties = [
    partyBox(ctx, labels.supplier, at(root, 'AccountingSupplierParty', 'Party')),
    partyBox(ctx, labels.customer, at(root, 'AccountingCustomerParty', 'Party')),
  ];
  if (root.PayeeParty !== undefined)
    parties.push(partyBox(ctx, labels.payee, child(root, 'PayeeParty')));
  if (root.TaxRepresentativeParty !== undefined) {
    parties.push(partyBox(ctx, labels.taxRepresentative, child(root, 'TaxRepresentativeParty')));
  }
  const lines = children(root, lineKey).map((line): TableCell[] => {
    const item = child(line, 'Item');
    const orderLine = text(child(line, 'OrderLineReference'), 'LineID');
    const period = children(line, 'InvoicePeriod').map((entry) => periodText(ctx, entry));
    return [
      { text: text(line, 'ID') },
      itemCell(ctx, item, [
        orderLine ? `${labels.orderLine}: ${orderLine}` : '',
        joined(period) ? `${labels.period}: ${joined(period)}` : '',
        ...texts(line, 'Note'),
        text(line, 'AccountingCost')
          ? `${labels.accountingCost}: ${text(line, 'AccountingCost')}`
          : '',
      ]),
      { text: ctx.quantity(line, quantityKey) },
      priceCell(ctx, child(line, 'Price')),
      { text: taxCategoryText(ctx, child(item, 'ClassifiedTaxCategory')) },
      { text: ctx.money(line, 'LineExtensionAmount'), details: lineAllowanceCharges(ctx, line) },
    ];
  });
  return {
    ...heading(
      ctx,
      title,
      typeCode ? ctx.code('documentType', typeCode) : title,
      [
        [labels.number, number],
        [labels.issueDate, date],
        [labels.dueDate, ctx.date(dueDate)],
        [labels.currency, currency],
        [labels.taxCurrency, taxCurrency !== currency ? taxCurrency : ''],
      ],
      number,
      date,
    ),
    sections: present([
      { kind: 'parties', parties },
      documentData.length > 0
        ? { kind: 'fields', title: labels.documentData, fields: documentData }
        : undefined,
      deliverySection(ctx, root),
      { kind: 'table', title: labels.lines, columns: lineColumns(ctx), rows: lines },
      allowanceChargeSection(ctx, root),
      vatBreakdownSection(ctx, root),
      {
        kind: 'totals',
        title: labels.totals,
        rows: totalRows,
        ...(payable ? { grandTotal: { label: labels.payable, value: payable } } : {}),
      },
      ...paymentSection(ctx, root, dueDate),
      additionalDocuments(ctx, root),
      notesSection(ctx, root),
    ]),
  };
}

function orderTotalRows(
  ctx: UblRenderContext,
  root: JsonObject,
  currency: string,
): { rows: Field[]; grand: string } {
  const { labels } = ctx;
  const totals = child(root, 'AnticipatedMonetaryTotal');
  const rows = ctx.fields([
    [labels.lineTotal, ctx.money(totals, 'LineExtensionAmount')],
    [labels.allowanceTotal, ctx.money(totals, 'AllowanceTotalAmount')],
    [labels.chargeTotal, ctx.money(totals, 'ChargeTotalAmount')],
    [labels.taxExclusive, ctx.money(totals, 'TaxExclusiveAmount')],
  ]);
  rows.push(...taxTotalFields(ctx, root, currency));
  rows.push(
    ...ctx.fields([
      [labels.taxInclusive, ctx.money(totals, 'TaxInclusiveAmount')],
      [labels.prepaid, ctx.money(totals, 'PrepaidAmount')],
      [labels.rounding, ctx.money(totals, 'PayableRoundingAmount')],
    ]),
  );
  return { rows, grand: ctx.money(totals, 'PayableAmount') };
}

/** Order (BIS Ordering 3, NSO): parties, lines, delivery, totals. */
export function orderDocument(root: JsonObject, lang: UblLang): RenderedDocument {
  const currency = text(root, 'DocumentCurrencyCode') || 'EUR';
  const ctx = createUblContext(lang, currency);
  const { labels } = ctx;
  const number = text(root, 'ID');
  const date = ctx.date(text(root, 'IssueDate'));
  const typeCode = text(root, 'OrderTypeCode');
  const parties = [
    partyBox(ctx, labels.buyer, at(root, 'BuyerCustomerParty', 'Party')),
    partyBox(ctx, labels.seller, at(root, 'SellerSupplierParty', 'Party')),
  ];
  if (root.OriginatorCustomerParty !== undefined) {
    parties.push(partyBox(ctx, labels.originator, at(root, 'OriginatorCustomerParty', 'Party')));
  }
  if (root.AccountingCustomerParty !== undefined) {
    parties.push(
      partyBox(ctx, labels.accountingCustomer, at(root, 'AccountingCustomerParty', 'Party')),
    );
  }
  const lines = children(root, 'OrderLine').map((orderLine): TableCell[] => {
    const line = child(orderLine, 'LineItem');
    const item = child(line, 'Item');
    const delivery = children(line, 'Delivery').map((entry) =>
      periodText(ctx, child(entry, 'RequestedDeliveryPeriod')),
    );
    return [
      { text: text(line, 'ID') },
      itemCell(ctx, item, [
        joined(delivery) ? `${labels.requestedPeriod}: ${joined(delivery)}` : '',
        ...texts(line, 'Note'),
      ]),
      { text: ctx.quantity(line, 'Quantity') },
      priceCell(ctx, child(line, 'Price')),
      { text: taxCategoryText(ctx, child(item, 'ClassifiedTaxCategory')) },
      { text: ctx.money(line, 'LineExtensionAmount'), details: lineAllowanceCharges(ctx, line) },
    ];
  });
  const { rows, grand } = orderTotalRows(ctx, root, currency);
  const documentData = ctx.fields([
    [labels.validUntil, ctx.date(text(child(root, 'ValidityPeriod'), 'EndDate'))],
    ...referenceFields(ctx, root),
    ...specificationFields(ctx, root),
  ]);
  return {
    ...heading(
      ctx,
      labels.order,
      typeCode ? ctx.code('documentType', typeCode) : labels.order,
      [
        [labels.number, number],
        [labels.issueDate, date],
        [labels.issueTime, text(root, 'IssueTime')],
        [labels.currency, currency],
      ],
      number,
      date,
    ),
    sections: present([
      { kind: 'parties', parties },
      documentData.length > 0
        ? { kind: 'fields', title: labels.documentData, fields: documentData }
        : undefined,
      deliverySection(ctx, root),
      { kind: 'table', title: labels.lines, columns: lineColumns(ctx), rows: lines },
      allowanceChargeSection(ctx, root),
      vatBreakdownSection(ctx, root),
      rows.length > 0 || grand
        ? {
            kind: 'totals',
            title: labels.totals,
            rows,
            ...(grand ? { grandTotal: { label: labels.orderTotal, value: grand } } : {}),
          }
        : undefined,
      ...paymentSection(ctx, root, ''),
      additionalDocuments(ctx, root),
      notesSection(ctx, root),
    ]),
  };
}

/** Order response: the answer to the order and to each of its lines. */
export function orderResponseDocument(root: JsonObject, lang: UblLang): RenderedDocument {
  const currency = text(root, 'DocumentCurrencyCode') || 'EUR';
  const ctx = createUblContext(lang, currency);
  const { labels } = ctx;
  const number = text(root, 'ID');
  const date = ctx.date(text(root, 'IssueDate'));
  const response = text(root, 'OrderResponseCode');
  const lines = children(root, 'OrderLine').map((orderLine): TableCell[] => {
    const line = child(orderLine, 'LineItem');
    const item = child(line, 'Item');
    const orderLineId = text(child(orderLine, 'OrderLineReference'), 'LineID');
    const substitutes = children(orderLine, 'SellerSubstitutedLineItem').map((substitute) => {
      const replacement = itemCell(ctx, child(substitute, 'Item'));
      return `${labels.substitutedBy}: ${joined([replacement.text, ...(replacement.details ?? [])], ' · ')}`;
    });
    const promised = children(line, 'Delivery').map((entry) =>
      periodText(ctx, child(entry, 'PromisedDeliveryPeriod')),
    );
    const status = text(line, 'LineStatusCode');
    return [
      { text: text(line, 'ID') },
      itemCell(ctx, item, [
        orderLineId ? `${labels.orderLine}: ${orderLineId}` : '',
        joined(promised) ? `${labels.promisedPeriod}: ${joined(promised)}` : '',
        ...texts(line, 'Note'),
        ...substitutes,
      ]),
      { text: status ? ctx.code('lineStatus', status) : '' },
      { text: ctx.quantity(line, 'Quantity') },
      priceCell(ctx, child(line, 'Price')),
      { text: taxCategoryText(ctx, child(item, 'ClassifiedTaxCategory')) },
      { text: ctx.money(line, 'LineExtensionAmount') },
    ];
  });
  const { rows, grand } = orderTotalRows(ctx, root, currency);
  const documentData = ctx.fields([
    [labels.responseCode, response ? ctx.code('orderResponse', response) : ''],
    ...referenceFields(ctx, root),
    ...specificationFields(ctx, root),
  ]);
  return {
    ...heading(
      ctx,
      labels.orderResponse,
      response ? ctx.code('orderResponse', response) : labels.orderResponse,
      [
        [labels.number, number],
        [labels.issueDate, date],
        [labels.issueTime, text(root, 'IssueTime')],
        [labels.currency, currency],
      ],
      number,
      date,
    ),
    sections: present([
      {
        kind: 'parties',
        parties: [
          partyBox(ctx, labels.seller, at(root, 'SellerSupplierParty', 'Party')),
          partyBox(ctx, labels.buyer, at(root, 'BuyerCustomerParty', 'Party')),
        ],
      },
      documentData.length > 0
        ? { kind: 'fields', title: labels.documentData, fields: documentData }
        : undefined,
      deliverySection(ctx, root),
      lines.length > 0
        ? { kind: 'table', title: labels.lines, columns: lineColumns(ctx, true), rows: lines }
        : undefined,
      rows.length > 0 || grand
        ? {
            kind: 'totals',
            title: labels.totals,
            rows,
            ...(grand ? { grandTotal: { label: labels.orderTotal, value: grand } } : {}),
          }
        : undefined,
      notesSection(ctx, root),
    ]),
  };
}
