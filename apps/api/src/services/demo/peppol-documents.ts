import Decimal from 'decimal.js';

/*
 * The UBL documents of the Peppol demo history, written as a Peppol access point's user would
 * send them: BIS Billing 3 invoices and credit notes between an Italian and a Belgian company
 * (reverse charge, VATEX-EU-AE, as a cross-border B2B service is invoiced in the EU), and BIS
 * ordering orders. Amounts are exact decimals; every document passes the official rules (the
 * demo history sends them through the real service, which refuses anything else).
 */

export type DemoParty = {
  name: string;
  scheme: string;
  id: string;
  vat: string;
  street: string;
  city: string;
  zip: string;
  country: string;
};

export type DemoLine = { name: string; quantity: string; price: string };

const BILLING_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const NSO_ORDER_RESPONSE =
  'urn:fdc:peppol.eu:poacc:trns:order_response:3:restrictive:urn:www.agid.gov.it:trns:risposta_ordine:3.0';
const NSO_ORDER =
  'urn:fdc:peppol.eu:poacc:trns:order:3:restrictive:urn:www.agid.gov.it:trns:ordine:3.1';

function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const money = (value: Decimal) => value.toFixed(2);

/**
 * A party aggregate: its EndpointID, then what each document's rules ask of it (billing: a
 * trading name and a VAT number; ordering and despatch: the postal address, or nothing more).
 */
function party(
  tag: string,
  value: DemoParty,
  parts: { name?: boolean; address?: boolean; vat?: boolean } = {},
): string {
  return [
    `<cac:${tag}><cac:Party>`,
    `<cbc:EndpointID schemeID="${value.scheme}">${escape(value.id)}</cbc:EndpointID>`,
    parts.name ? `<cac:PartyName><cbc:Name>${escape(value.name)}</cbc:Name></cac:PartyName>` : '',
    parts.address
      ? `<cac:PostalAddress><cbc:StreetName>${escape(value.street)}</cbc:StreetName><cbc:CityName>${escape(value.city)}</cbc:CityName><cbc:PostalZone>${escape(value.zip)}</cbc:PostalZone><cac:Country><cbc:IdentificationCode>${value.country}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>`
      : '',
    parts.vat
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${escape(value.vat)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    `<cac:PartyLegalEntity><cbc:RegistrationName>${escape(value.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`,
    `</cac:Party></cac:${tag}>`,
  ]
    .filter(Boolean)
    .join('\n');
}

const BILLING_PARTY = { name: true, address: true, vat: true };

/** A BIS Billing 3 invoice (380) or credit note (381) under reverse charge. */
export function billingDocument(options: {
  kind: 'invoice' | 'credit-note';
  number: string;
  issueDate: string;
  dueDate: string;
  seller: DemoParty;
  buyer: DemoParty;
  lines: readonly DemoLine[];
  buyerReference: string;
  /** A credit note's invoice. */
  invoiceReference?: string;
}): string {
  const credit = options.kind === 'credit-note';
  const root = credit ? 'CreditNote' : 'Invoice';
  const lineTag = credit ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityTag = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
  const amounts = options.lines.map((line) =>
    new Decimal(line.quantity).mul(line.price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  );
  const total = amounts.reduce((sum, amount) => sum.add(amount), new Decimal(0));
  const lines = options.lines
    .map(
      (line, index) => `<cac:${lineTag}><cbc:ID>${index + 1}</cbc:ID>
<cbc:${quantityTag} unitCode="C62">${line.quantity}</cbc:${quantityTag}>
<cbc:LineExtensionAmount currencyID="EUR">${money(amounts[index] as Decimal)}</cbc:LineExtensionAmount>
<cac:Item><cbc:Name>${escape(line.name)}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>AE</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
<cac:Price><cbc:PriceAmount currencyID="EUR">${line.price}</cbc:PriceAmount></cac:Price>
</cac:${lineTag}>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${BILLING_CUSTOMIZATION}</cbc:CustomizationID>
<cbc:ProfileID>${BILLING_PROFILE}</cbc:ProfileID>
<cbc:ID>${escape(options.number)}</cbc:ID>
<cbc:IssueDate>${options.issueDate}</cbc:IssueDate>
${credit ? '' : `<cbc:DueDate>${options.dueDate}</cbc:DueDate>\n`}<cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>${credit ? '381' : '380'}</cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cbc:BuyerReference>${escape(options.buyerReference)}</cbc:BuyerReference>
${options.invoiceReference ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${escape(options.invoiceReference)}</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>\n` : ''}${party('AccountingSupplierParty', options.seller, BILLING_PARTY)}
${party('AccountingCustomerParty', options.buyer, BILLING_PARTY)}
${credit ? '' : `<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>IT60X0542811101000000123456</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>\n`}<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>
<cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">${money(total)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>
<cac:TaxCategory><cbc:ID>AE</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
</cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">${money(total)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">${money(total)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">${money(total)}</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">${money(total)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${lines}
</${root}>
`;
}

/** A BIS ordering 3 order (order only). */
export function orderDocument(options: {
  number: string;
  issueDate: string;
  validUntil: string;
  /** An Italian NSO order (AGID's ordine 3.1) with its tender code (CIG) for the whole order. */
  cig?: string;
  buyer: DemoParty;
  seller: DemoParty;
  lines: readonly DemoLine[];
}): string {
  const amounts = options.lines.map((line) =>
    new Decimal(line.quantity).mul(line.price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  );
  const total = amounts.reduce((sum, amount) => sum.add(amount), new Decimal(0));
  const lines = options.lines
    .map(
      (line, index) => `<cac:OrderLine><cac:LineItem><cbc:ID>${index + 1}</cbc:ID>
<cbc:Quantity unitCode="C62">${line.quantity}</cbc:Quantity>
<cbc:LineExtensionAmount currencyID="EUR">${money(amounts[index] as Decimal)}</cbc:LineExtensionAmount>
<cac:Price><cbc:PriceAmount currencyID="EUR">${line.price}</cbc:PriceAmount></cac:Price>
<cac:Item><cbc:Name>${escape(line.name)}</cbc:Name></cac:Item>
</cac:LineItem></cac:OrderLine>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${options.cig ? NSO_ORDER : 'urn:fdc:peppol.eu:poacc:trns:order:3'}</cbc:CustomizationID>
<cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:order_only:3</cbc:ProfileID>
<cbc:ID>${escape(options.number)}</cbc:ID>
<cbc:IssueDate>${options.issueDate}</cbc:IssueDate>
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cac:ValidityPeriod><cbc:EndDate>${options.validUntil}</cbc:EndDate></cac:ValidityPeriod>
${options.cig ? `<cac:OriginatorDocumentReference><cbc:ID>${escape(options.cig)}</cbc:ID></cac:OriginatorDocumentReference>\n` : ''}${party('BuyerCustomerParty', options.buyer, { address: true })}
${party('SellerSupplierParty', options.seller, { address: true })}
<cac:AnticipatedMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">${money(total)}</cbc:LineExtensionAmount><cbc:PayableAmount currencyID="EUR">${money(total)}</cbc:PayableAmount></cac:AnticipatedMonetaryTotal>
${lines}
</Order>
`;
}

/**
 * An Italian NSO order response (AGID's risposta_ordine 3.0): the order it answers is named as
 * NSO names it, `number#issue date#buyer's endpoint`.
 */
export function nsoOrderResponseDocument(options: {
  number: string;
  issueDate: string;
  code: 'AP' | 'RE' | 'CA' | 'AB';
  order: { number: string; issueDate: string };
  seller: DemoParty;
  buyer: DemoParty;
}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OrderResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${NSO_ORDER_RESPONSE}</cbc:CustomizationID>
<cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:ordering:3</cbc:ProfileID>
<cbc:ID>${escape(options.number)}</cbc:ID>
<cbc:IssueDate>${options.issueDate}</cbc:IssueDate>
<cbc:OrderResponseCode>${options.code}</cbc:OrderResponseCode>
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cac:OrderReference><cbc:ID>${escape(`${options.order.number}#${options.order.issueDate}#${options.buyer.id}`)}</cbc:ID></cac:OrderReference>
${party('SellerSupplierParty', options.seller)}
${party('BuyerCustomerParty', options.buyer)}
</OrderResponse>
`;
}

/** A BIS despatch advice 3: the goods of an order on their way to the customer. */
export function despatchAdviceDocument(options: {
  number: string;
  issueDate: string;
  orderNumber: string;
  supplier: DemoParty;
  customer: DemoParty;
  lines: readonly DemoLine[];
}): string {
  const lines = options.lines
    .map(
      (line, index) => `<cac:DespatchLine><cbc:ID>${index + 1}</cbc:ID>
<cbc:DeliveredQuantity unitCode="C62">${line.quantity}</cbc:DeliveredQuantity>
<cac:OrderLineReference><cbc:LineID>${index + 1}</cbc:LineID></cac:OrderLineReference>
<cac:Item><cbc:Name>${escape(line.name)}</cbc:Name><cac:SellersItemIdentification><cbc:ID>ART-${index + 1}</cbc:ID></cac:SellersItemIdentification></cac:Item>
</cac:DespatchLine>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<DespatchAdvice xmlns="urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:despatch_advice:3</cbc:CustomizationID>
<cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:despatch_advice:3</cbc:ProfileID>
<cbc:ID>${escape(options.number)}</cbc:ID>
<cbc:IssueDate>${options.issueDate}</cbc:IssueDate>
<cac:OrderReference><cbc:ID>${escape(options.orderNumber)}</cbc:ID></cac:OrderReference>
${party('DespatchSupplierParty', options.supplier, { address: true })}
${party('DeliveryCustomerParty', options.customer, { address: true })}
<cac:Shipment><cbc:ID>1</cbc:ID><cac:Delivery><cac:EstimatedDeliveryPeriod><cbc:StartDate>${options.issueDate}</cbc:StartDate></cac:EstimatedDeliveryPeriod></cac:Delivery></cac:Shipment>
${lines}
</DespatchAdvice>
`;
}
