import type { Lang } from '../findings.ts';

/** Every fixed text of the rendered invoice, in Italian. The English table must have the same keys. */
const it = {
  documentLang: 'it',
  invoice: 'Fattura',
  simplifiedInvoice: 'Fattura semplificata',
  documentType: 'Tipo documento',
  number: 'Numero',
  date: 'Data',
  currency: 'Valuta',
  transmissionFormat: 'Formato',
  bodyOf: 'Documento {n} di {total} del file',
  supplier: 'Cedente / prestatore',
  customer: 'Cessionario / committente',
  fiscalRepresentative: 'Rappresentante fiscale',
  customerFiscalRepresentative: 'Rappresentante fiscale del cessionario',
  thirdPartyIssuer: 'Terzo intermediario / soggetto emittente',
  carrier: 'Vettore',
  vatNumber: 'Partita IVA',
  address: 'Sede',
  fiscalCode: 'Codice fiscale',
  eoriCode: 'Codice EORI',
  taxRegime: 'Regime fiscale',
  permanentEstablishment: 'Stabile organizzazione',
  professionalRegister: 'Albo professionale',
  rea: 'Iscrizione REA',
  shareCapital: 'capitale sociale',
  phone: 'Telefono',
  fax: 'Fax',
  email: 'Email',
  administrationReference: 'Riferimento amministrazione',
  transmission: 'Dati di trasmissione',
  transmitter: 'Trasmittente',
  sendingNumber: 'Progressivo invio',
  recipientCode: 'Codice destinatario',
  recipientPec: 'PEC destinatario',
  transmitterContacts: 'Contatti trasmittente',
  issuer: 'Soggetto emittente',
  documentData: 'Dati del documento',
  art73: 'Art. 73',
  art73Text:
    "Documento emesso secondo modalità e termini stabiliti con DM ai sensi dell'art. 73 DPR 633/72",
  stampDuty: 'Bollo',
  virtualStampDuty: 'Bollo virtuale',
  mainInvoice: 'Fattura principale',
  workProgress: 'Stato avanzamento lavori (fase)',
  vehicles: 'Mezzi di trasporto nuovi',
  vehicleDistance: 'percorso totale',
  correctedInvoice: 'Fattura rettificata',
  correctedElements: 'Elementi rettificati',
  linkedDocuments: 'Documenti collegati',
  kind: 'Tipo',
  documentId: 'Identificativo',
  lineRefs: 'Linee',
  itemNumber: 'N. item',
  orderCode: 'Commessa / convenzione',
  cup: 'CUP',
  cig: 'CIG',
  purchaseOrder: 'Ordine di acquisto',
  contract: 'Contratto',
  agreement: 'Convenzione',
  receipt: 'Ricezione',
  linkedInvoice: 'Fattura collegata',
  deliveryNote: 'DDT',
  transport: 'Dati del trasporto',
  transportMeans: 'Mezzo di trasporto',
  transportReason: 'Causale del trasporto',
  packages: 'Numero colli',
  goodsDescription: 'Descrizione beni',
  grossWeight: 'Peso lordo',
  netWeight: 'Peso netto',
  pickupTime: 'Ritiro',
  transportStart: 'Inizio trasporto',
  deliveryTerms: 'Resa',
  deliveryAddress: 'Indirizzo di resa',
  deliveryTime: 'Consegna',
  driverLicence: 'Patente',
  lines: 'Dettaglio beni e servizi',
  lineNumber: 'N.',
  code: 'Codice',
  description: 'Descrizione',
  quantity: 'Quantità',
  unit: 'U.M.',
  unitPrice: 'Prezzo unitario',
  discounts: 'Sconti / magg.',
  lineTotal: 'Importo',
  vat: 'IVA',
  period: 'Periodo',
  withholdingApplies: 'Soggetta a ritenuta',
  otherData: 'Altri dati',
  amount: 'Importo',
  tax: 'Imposta',
  vatSummary: 'Riepilogo IVA',
  rateOrNature: 'Aliquota / natura',
  taxableAmount: 'Imponibile',
  vatChargeability: 'Esigibilità',
  legalReference: 'Riferimento normativo',
  ancillaryCosts: 'spese accessorie',
  rounding: 'Arrotondamento',
  withholdings: 'Ritenute',
  withholdingType: 'Tipo ritenuta',
  rate: 'Aliquota',
  paymentReason: 'Causale pagamento (CU)',
  pensionFunds: 'Cassa previdenziale',
  fundType: 'Cassa',
  contribution: 'Contributo',
  contributionBase: 'Imponibile cassa',
  totals: 'Totali',
  totalTaxable: 'Totale imponibile',
  totalVat: 'Totale IVA',
  documentDiscount: 'Sconto / maggiorazione sul documento',
  totalPensionFunds: 'Totale cassa previdenziale',
  totalWithholding: 'Totale ritenute',
  documentTotal: 'Totale documento',
  computedTotal: 'Totale documento (calcolato)',
  totalVatIncluded: 'Totale (IVA inclusa)',
  netToPay: 'Netto a pagare',
  payments: 'Pagamento',
  paymentTerms: 'Condizioni',
  paymentMethod: 'Modalità',
  beneficiary: 'Beneficiario',
  dueDate: 'Scadenza',
  termsFrom: 'dal {date}',
  termsDays: '{days} giorni',
  bankDetails: 'Banca / conto',
  bank: 'Istituto',
  paymentCode: 'Codice pagamento',
  earlyPaymentDiscount: 'Sconto pagamento anticipato',
  earlyPaymentUntil: 'entro il {date}',
  latePaymentPenalty: 'Penale per ritardo',
  penaltyFrom: 'dal {date}',
  postOffice: 'Ufficio postale',
  receiptSigner: 'Quietanzante',
  reason: 'Causale',
  otherInformation: 'Altre informazioni',
  attachments: 'Allegati',
  attachmentName: 'Nome',
  attachmentFormat: 'Formato',
  attachmentCompression: 'Compressione',
  attachmentSize: 'Dimensione',
  none: '—',
  yes: 'Sì',
  page: 'Pagina {page} di {pages}',
  noTimeZone: 'fuso orario non indicato',
  discount: 'Sconto',
  surcharge: 'Maggiorazione',
  soleShareholder: 'socio unico',
  severalShareholders: 'più soci',
  inLiquidation: 'in liquidazione',
  notInLiquidation: 'non in liquidazione',
} as const;

type LabelKey = keyof typeof it;

const en: Record<LabelKey, string> = {
  documentLang: 'en',
  invoice: 'Invoice',
  simplifiedInvoice: 'Simplified invoice',
  documentType: 'Document type',
  number: 'Number',
  date: 'Date',
  currency: 'Currency',
  transmissionFormat: 'Format',
  bodyOf: 'Document {n} of {total} in the file',
  supplier: 'Supplier',
  customer: 'Customer',
  fiscalRepresentative: 'Tax representative',
  customerFiscalRepresentative: "Customer's tax representative",
  thirdPartyIssuer: 'Third-party intermediary / issuer',
  carrier: 'Carrier',
  vatNumber: 'VAT number',
  address: 'Address',
  fiscalCode: 'Tax code',
  eoriCode: 'EORI code',
  taxRegime: 'Tax regime',
  permanentEstablishment: 'Permanent establishment',
  professionalRegister: 'Professional register',
  rea: 'Company register (REA)',
  shareCapital: 'share capital',
  phone: 'Phone',
  fax: 'Fax',
  email: 'Email',
  administrationReference: 'Administration reference',
  transmission: 'Transmission',
  transmitter: 'Transmitter',
  sendingNumber: 'Sending number',
  recipientCode: 'Recipient code',
  recipientPec: 'Recipient PEC',
  transmitterContacts: 'Transmitter contacts',
  issuer: 'Issued by',
  documentData: 'Document data',
  art73: 'Art. 73',
  art73Text:
    'Document issued following the procedures and terms set by ministerial decree under art. 73 of DPR 633/72',
  stampDuty: 'Stamp duty',
  virtualStampDuty: 'Virtual stamp duty',
  mainInvoice: 'Main invoice',
  workProgress: 'Work progress (phase)',
  vehicles: 'New means of transport',
  vehicleDistance: 'total distance',
  correctedInvoice: 'Corrected invoice',
  correctedElements: 'Corrected elements',
  linkedDocuments: 'Linked documents',
  kind: 'Kind',
  documentId: 'Identifier',
  lineRefs: 'Lines',
  itemNumber: 'Item no.',
  orderCode: 'Job / agreement code',
  cup: 'CUP',
  cig: 'CIG',
  purchaseOrder: 'Purchase order',
  contract: 'Contract',
  agreement: 'Agreement',
  receipt: 'Receipt',
  linkedInvoice: 'Linked invoice',
  deliveryNote: 'Delivery note (DDT)',
  transport: 'Transport',
  transportMeans: 'Means of transport',
  transportReason: 'Reason for transport',
  packages: 'Packages',
  goodsDescription: 'Goods',
  grossWeight: 'Gross weight',
  netWeight: 'Net weight',
  pickupTime: 'Pick-up',
  transportStart: 'Transport start',
  deliveryTerms: 'Delivery terms',
  deliveryAddress: 'Delivery address',
  deliveryTime: 'Delivery',
  driverLicence: 'Driving licence',
  lines: 'Goods and services',
  lineNumber: 'No.',
  code: 'Code',
  description: 'Description',
  quantity: 'Quantity',
  unit: 'Unit',
  unitPrice: 'Unit price',
  discounts: 'Discounts',
  lineTotal: 'Amount',
  vat: 'VAT',
  period: 'Period',
  withholdingApplies: 'Subject to withholding',
  otherData: 'Other data',
  amount: 'Amount',
  tax: 'Tax',
  vatSummary: 'VAT summary',
  rateOrNature: 'Rate / nature',
  taxableAmount: 'Taxable amount',
  vatChargeability: 'Chargeability',
  legalReference: 'Legal reference',
  ancillaryCosts: 'ancillary costs',
  rounding: 'Rounding',
  withholdings: 'Withholding tax',
  withholdingType: 'Withholding type',
  rate: 'Rate',
  paymentReason: 'Payment reason (CU)',
  pensionFunds: 'Pension fund contribution',
  fundType: 'Fund',
  contribution: 'Contribution',
  contributionBase: 'Contribution base',
  totals: 'Totals',
  totalTaxable: 'Total taxable amount',
  totalVat: 'Total VAT',
  documentDiscount: 'Document discount / surcharge',
  totalPensionFunds: 'Total pension fund contributions',
  totalWithholding: 'Total withholding',
  documentTotal: 'Document total',
  computedTotal: 'Document total (computed)',
  totalVatIncluded: 'Total (VAT included)',
  netToPay: 'Net amount to pay',
  payments: 'Payment',
  paymentTerms: 'Terms',
  paymentMethod: 'Method',
  beneficiary: 'Beneficiary',
  dueDate: 'Due date',
  termsFrom: 'from {date}',
  termsDays: '{days} days',
  bankDetails: 'Bank / account',
  bank: 'Bank',
  paymentCode: 'Payment code',
  earlyPaymentDiscount: 'Early payment discount',
  earlyPaymentUntil: 'until {date}',
  latePaymentPenalty: 'Late payment penalty',
  penaltyFrom: 'from {date}',
  postOffice: 'Post office',
  receiptSigner: 'Receipt signed by',
  reason: 'Reason',
  otherInformation: 'Other information',
  attachments: 'Attachments',
  attachmentName: 'Name',
  attachmentFormat: 'Format',
  attachmentCompression: 'Compression',
  attachmentSize: 'Size',
  none: '—',
  yes: 'Yes',
  page: 'Page {page} of {pages}',
  noTimeZone: 'time zone not given',
  discount: 'Discount',
  surcharge: 'Surcharge',
  soleShareholder: 'sole shareholder',
  severalShareholders: 'several shareholders',
  inLiquidation: 'in liquidation',
  notInLiquidation: 'not in liquidation',
};

const labelTables: Record<Lang, Record<LabelKey, string>> = { it, en };

/** The rendering labels of one language; `{name}` placeholders are filled by `fillLabel`. */
export type Labels = Record<LabelKey, string>;

/** The label table of `lang`. */
export function labelsFor(lang: Lang): Labels {
  return labelTables[lang];
}

/** Replaces `{name}` placeholders of a label with the given values. */
export function fillLabel(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

interface CodeDescription {
  it: string;
  en: string;
}

type CodeList = Readonly<Record<string, CodeDescription>>;

/** TipoDocumento, schema 1.2.3 (TD29 included) and FSM10 (TD07-TD09). */
const documentTypes: CodeList = {
  TD01: { it: 'Fattura', en: 'Invoice' },
  TD02: { it: 'Acconto / anticipo su fattura', en: 'Advance / down payment on invoice' },
  TD03: { it: 'Acconto / anticipo su parcella', en: 'Advance / down payment on fee note' },
  TD04: { it: 'Nota di credito', en: 'Credit note' },
  TD05: { it: 'Nota di debito', en: 'Debit note' },
  TD06: { it: 'Parcella', en: 'Fee note' },
  TD07: { it: 'Fattura semplificata', en: 'Simplified invoice' },
  TD08: { it: 'Nota di credito semplificata', en: 'Simplified credit note' },
  TD09: { it: 'Nota di debito semplificata', en: 'Simplified debit note' },
  TD16: {
    it: 'Integrazione fattura reverse charge interno',
    en: 'Domestic reverse charge invoice integration',
  },
  TD17: {
    it: "Integrazione/autofattura per acquisto servizi dall'estero",
    en: 'Integration / self-invoice for services purchased from abroad',
  },
  TD18: {
    it: 'Integrazione per acquisto di beni intracomunitari',
    en: 'Integration for intra-EU purchase of goods',
  },
  TD19: {
    it: 'Integrazione/autofattura per acquisto di beni ex art. 17 c.2 DPR 633/72',
    en: 'Integration / self-invoice for purchase of goods under art. 17(2) DPR 633/72',
  },
  TD20: {
    it: 'Autofattura per regolarizzazione e integrazione delle fatture (ex art. 6 c.9-bis D.Lgs. 471/97 o art. 46 c.5 D.L. 331/93)',
    en: 'Self-invoice to regularise or integrate invoices (art. 6(9-bis) Legislative Decree 471/97 or art. 46(5) Decree-Law 331/93)',
  },
  TD21: {
    it: 'Autofattura per splafonamento',
    en: 'Self-invoice for exceeding the VAT-free ceiling',
  },
  TD22: { it: 'Estrazione beni da Deposito IVA', en: 'Extraction of goods from a VAT warehouse' },
  TD23: {
    it: "Estrazione beni da Deposito IVA con versamento dell'IVA",
    en: 'Extraction of goods from a VAT warehouse with payment of VAT',
  },
  TD24: {
    it: "Fattura differita di cui all'art. 21, comma 4, lett. a) DPR 633/72",
    en: 'Deferred invoice under art. 21(4)(a) DPR 633/72',
  },
  TD25: {
    it: "Fattura differita di cui all'art. 21, comma 4, terzo periodo lett. b) DPR 633/72",
    en: 'Deferred invoice under art. 21(4), third sentence, (b) DPR 633/72',
  },
  TD26: {
    it: 'Cessione di beni ammortizzabili e per passaggi interni (ex art. 36 DPR 633/72)',
    en: 'Sale of depreciable assets and internal transfers (art. 36 DPR 633/72)',
  },
  TD27: {
    it: 'Fattura per autoconsumo o per cessioni gratuite senza rivalsa',
    en: 'Invoice for self-consumption or free supplies without recharge',
  },
  TD28: {
    it: 'Acquisti da San Marino con IVA (fattura cartacea)',
    en: 'Purchases from San Marino with VAT (paper invoice)',
  },
  TD29: {
    it: 'Comunicazione per omessa o irregolare fatturazione da parte del cedente/prestatore italiano (art. 6, comma 8, D.Lgs. 471/97)',
    en: 'Notice of missing or irregular invoicing by the Italian supplier (art. 6(8) Legislative Decree 471/97)',
  },
};

/** Natura, with the 2021 subcodes; N1-N5 alone are the FSM10 values. */
const vatNatures: CodeList = {
  N1: { it: 'Escluse ex art. 15 DPR 633/72', en: 'Excluded under art. 15 DPR 633/72' },
  N2: { it: 'Non soggette', en: 'Not subject to VAT' },
  'N2.1': {
    it: 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72',
    en: 'Not subject to VAT under arts. 7 to 7-septies DPR 633/72',
  },
  'N2.2': { it: 'Non soggette - altri casi', en: 'Not subject to VAT - other cases' },
  N3: { it: 'Non imponibili', en: 'Zero-rated' },
  'N3.1': { it: 'Non imponibili - esportazioni', en: 'Zero-rated - exports' },
  'N3.2': {
    it: 'Non imponibili - cessioni intracomunitarie',
    en: 'Zero-rated - intra-EU supplies',
  },
  'N3.3': {
    it: 'Non imponibili - cessioni verso San Marino',
    en: 'Zero-rated - supplies to San Marino',
  },
  'N3.4': {
    it: "Non imponibili - operazioni assimilate alle cessioni all'esportazione",
    en: 'Zero-rated - transactions treated as exports',
  },
  'N3.5': {
    it: "Non imponibili - a seguito di dichiarazioni d'intento",
    en: 'Zero-rated - following a declaration of intent',
  },
  'N3.6': {
    it: 'Non imponibili - altre operazioni che non concorrono alla formazione del plafond',
    en: 'Zero-rated - other transactions not counting towards the ceiling',
  },
  N4: { it: 'Esenti', en: 'Exempt' },
  N5: {
    it: 'Regime del margine / IVA non esposta in fattura',
    en: 'Margin scheme / VAT not shown on the invoice',
  },
  N6: { it: 'Inversione contabile', en: 'Reverse charge' },
  'N6.1': {
    it: 'Inversione contabile - cessione di rottami e altri materiali di recupero',
    en: 'Reverse charge - scrap and other recovered materials',
  },
  'N6.2': {
    it: 'Inversione contabile - cessione di oro e argento ai sensi della legge 7/2000 nonché di oreficeria usata ad OPO',
    en: 'Reverse charge - gold and silver under Law 7/2000 and used jewellery',
  },
  'N6.3': {
    it: 'Inversione contabile - subappalto nel settore edile',
    en: 'Reverse charge - subcontracting in construction',
  },
  'N6.4': { it: 'Inversione contabile - cessione di fabbricati', en: 'Reverse charge - buildings' },
  'N6.5': {
    it: 'Inversione contabile - cessione di telefoni cellulari',
    en: 'Reverse charge - mobile phones',
  },
  'N6.6': {
    it: 'Inversione contabile - cessione di prodotti elettronici',
    en: 'Reverse charge - electronic products',
  },
  'N6.7': {
    it: 'Inversione contabile - prestazioni comparto edile e settori connessi',
    en: 'Reverse charge - construction and related services',
  },
  'N6.8': {
    it: 'Inversione contabile - operazioni settore energetico',
    en: 'Reverse charge - energy sector',
  },
  'N6.9': { it: 'Inversione contabile - altri casi', en: 'Reverse charge - other cases' },
  N7: {
    it: 'IVA assolta in altro stato UE',
    en: 'VAT paid in another EU member state',
  },
};

/** RegimeFiscale, schema 1.2.3 (RF20 included; RF03 does not exist). */
const taxRegimes: CodeList = {
  RF01: { it: 'Regime ordinario', en: 'Ordinary regime' },
  RF02: {
    it: 'Regime dei contribuenti minimi (art. 1, c.96-117, L. 244/2007)',
    en: 'Minimum taxpayers scheme (art. 1(96-117) Law 244/2007)',
  },
  RF04: {
    it: 'Agricoltura e attività connesse e pesca (artt. 34 e 34-bis DPR 633/72)',
    en: 'Agriculture, related activities and fishing (arts. 34 and 34-bis DPR 633/72)',
  },
  RF05: {
    it: 'Vendita sali e tabacchi (art. 74, c.1, DPR 633/72)',
    en: 'Sale of salt and tobacco (art. 74(1) DPR 633/72)',
  },
  RF06: {
    it: 'Commercio dei fiammiferi (art. 74, c.1, DPR 633/72)',
    en: 'Sale of matches (art. 74(1) DPR 633/72)',
  },
  RF07: { it: 'Editoria (art. 74, c.1, DPR 633/72)', en: 'Publishing (art. 74(1) DPR 633/72)' },
  RF08: {
    it: 'Gestione di servizi di telefonia pubblica (art. 74, c.1, DPR 633/72)',
    en: 'Public telephone services (art. 74(1) DPR 633/72)',
  },
  RF09: {
    it: 'Rivendita di documenti di trasporto pubblico e di sosta (art. 74, c.1, DPR 633/72)',
    en: 'Resale of public transport and parking tickets (art. 74(1) DPR 633/72)',
  },
  RF10: {
    it: 'Intrattenimenti, giochi e altre attività di cui alla tariffa allegata al DPR 640/72 (art. 74, c.6, DPR 633/72)',
    en: 'Entertainment, games and other activities under DPR 640/72 (art. 74(6) DPR 633/72)',
  },
  RF11: {
    it: 'Agenzie di viaggi e turismo (art. 74-ter DPR 633/72)',
    en: 'Travel and tourism agencies (art. 74-ter DPR 633/72)',
  },
  RF12: {
    it: 'Agriturismo (art. 5, c.2, L. 413/1991)',
    en: 'Farm holidays (art. 5(2) Law 413/1991)',
  },
  RF13: {
    it: 'Vendite a domicilio (art. 25-bis, c.6, DPR 600/1973)',
    en: 'Door-to-door sales (art. 25-bis(6) DPR 600/1973)',
  },
  RF14: {
    it: "Rivendita di beni usati, di oggetti d'arte, d'antiquariato o da collezione (art. 36 D.L. 41/1995)",
    en: 'Resale of second-hand goods, works of art, antiques or collectibles (art. 36 Decree-Law 41/1995)',
  },
  RF15: {
    it: "Agenzie di vendite all'asta di oggetti d'arte, antiquariato o da collezione (art. 40-bis D.L. 41/1995)",
    en: 'Auction houses for works of art, antiques or collectibles (art. 40-bis Decree-Law 41/1995)',
  },
  RF16: {
    it: 'IVA per cassa P.A. (art. 6, c.5, DPR 633/72)',
    en: 'Cash accounting for public administration (art. 6(5) DPR 633/72)',
  },
  RF17: {
    it: 'IVA per cassa (art. 32-bis D.L. 83/2012)',
    en: 'Cash accounting for VAT (art. 32-bis Decree-Law 83/2012)',
  },
  RF18: { it: 'Altro', en: 'Other' },
  RF19: { it: 'Regime forfettario', en: 'Flat-rate scheme' },
  RF20: {
    it: 'Regime transfrontaliero di franchigia IVA (Direttiva UE 2020/285)',
    en: 'Cross-border VAT exemption scheme for small enterprises (Directive (EU) 2020/285)',
  },
};

const paymentMethods: CodeList = {
  MP01: { it: 'Contanti', en: 'Cash' },
  MP02: { it: 'Assegno', en: 'Cheque' },
  MP03: { it: 'Assegno circolare', en: "Banker's draft" },
  MP04: { it: 'Contanti presso Tesoreria', en: 'Cash at the Treasury' },
  MP05: { it: 'Bonifico', en: 'Bank transfer' },
  MP06: { it: 'Vaglia cambiario', en: 'Promissory note' },
  MP07: { it: 'Bollettino bancario', en: 'Bank payment slip' },
  MP08: { it: 'Carta di pagamento', en: 'Payment card' },
  MP09: { it: 'RID', en: 'Direct debit (RID)' },
  MP10: { it: 'RID utenze', en: 'Utility direct debit (RID)' },
  MP11: { it: 'RID veloce', en: 'Fast direct debit (RID)' },
  MP12: { it: 'RIBA', en: 'Bank receipt (RIBA)' },
  MP13: { it: 'MAV', en: 'Payment notice (MAV)' },
  MP14: { it: 'Quietanza erario', en: 'Treasury receipt' },
  MP15: {
    it: 'Giroconto su conti di contabilità speciale',
    en: 'Transfer to special accounting accounts',
  },
  MP16: { it: 'Domiciliazione bancaria', en: 'Bank direct debit' },
  MP17: { it: 'Domiciliazione postale', en: 'Postal direct debit' },
  MP18: { it: 'Bollettino di c/c postale', en: 'Postal account payment slip' },
  MP19: { it: 'SEPA Direct Debit', en: 'SEPA Direct Debit' },
  MP20: { it: 'SEPA Direct Debit CORE', en: 'SEPA Direct Debit CORE' },
  MP21: { it: 'SEPA Direct Debit B2B', en: 'SEPA Direct Debit B2B' },
  MP22: { it: 'Trattenuta su somme già riscosse', en: 'Deduction from sums already collected' },
  MP23: { it: 'PagoPA', en: 'PagoPA' },
};

const paymentTerms: CodeList = {
  TP01: { it: 'Pagamento a rate', en: 'Payment in instalments' },
  TP02: { it: 'Pagamento completo', en: 'Payment in full' },
  TP03: { it: 'Anticipo', en: 'Advance payment' },
};

const vatChargeability: CodeList = {
  D: { it: 'Esigibilità differita', en: 'Deferred' },
  I: { it: 'Esigibilità immediata', en: 'Immediate' },
  S: { it: 'Scissione dei pagamenti', en: 'Split payment' },
};

const withholdingTypes: CodeList = {
  RT01: { it: 'Ritenuta di acconto persone fisiche', en: 'Withholding tax, individuals' },
  RT02: { it: 'Ritenuta di acconto persone giuridiche', en: 'Withholding tax, legal entities' },
  RT03: { it: 'Contributo INPS', en: 'INPS contribution' },
  RT04: { it: 'Contributo ENASARCO', en: 'ENASARCO contribution' },
  RT05: { it: 'Contributo ENPAM', en: 'ENPAM contribution' },
  RT06: { it: 'Altro contributo previdenziale', en: 'Other social security contribution' },
};

/** TipoCassa: the funds keep their Italian names (and acronyms) in English, as they are known. */
const pensionFunds: CodeList = {
  TC01: {
    it: 'Cassa nazionale previdenza e assistenza avvocati e procuratori legali',
    en: 'Lawyers fund (Cassa Forense)',
  },
  TC02: { it: 'Cassa previdenza dottori commercialisti', en: 'Accountants fund (CNPADC)' },
  TC03: { it: 'Cassa previdenza e assistenza geometri', en: 'Surveyors fund (CIPAG)' },
  TC04: {
    it: 'Cassa nazionale previdenza e assistenza ingegneri e architetti liberi professionisti',
    en: 'Engineers and architects fund (Inarcassa)',
  },
  TC05: { it: 'Cassa nazionale del notariato', en: 'Notaries fund' },
  TC06: {
    it: 'Cassa nazionale previdenza e assistenza ragionieri e periti commerciali',
    en: 'Bookkeepers fund (CNPR)',
  },
  TC07: {
    it: 'Ente nazionale assistenza agenti e rappresentanti di commercio (ENASARCO)',
    en: 'Sales agents fund (ENASARCO)',
  },
  TC08: {
    it: 'Ente nazionale previdenza e assistenza consulenti del lavoro (ENPACL)',
    en: 'Labour consultants fund (ENPACL)',
  },
  TC09: { it: 'Ente nazionale previdenza e assistenza medici (ENPAM)', en: 'Doctors fund (ENPAM)' },
  TC10: {
    it: 'Ente nazionale previdenza e assistenza farmacisti (ENPAF)',
    en: 'Pharmacists fund (ENPAF)',
  },
  TC11: {
    it: 'Ente nazionale previdenza e assistenza veterinari (ENPAV)',
    en: 'Veterinarians fund (ENPAV)',
  },
  TC12: {
    it: "Ente nazionale previdenza e assistenza impiegati dell'agricoltura (ENPAIA)",
    en: 'Agricultural employees fund (ENPAIA)',
  },
  TC13: {
    it: 'Fondo previdenza impiegati imprese di spedizione e agenzie marittime',
    en: 'Shipping and maritime agency employees fund',
  },
  TC14: {
    it: 'Istituto nazionale previdenza giornalisti italiani (INPGI)',
    en: 'Journalists fund (INPGI)',
  },
  TC15: {
    it: 'Opera nazionale assistenza orfani sanitari italiani (ONAOSI)',
    en: 'Healthcare workers orphans fund (ONAOSI)',
  },
  TC16: {
    it: 'Cassa autonoma assistenza integrativa giornalisti italiani (CASAGIT)',
    en: 'Journalists supplementary fund (CASAGIT)',
  },
  TC17: {
    it: 'Ente previdenza periti industriali e periti industriali laureati (EPPI)',
    en: 'Industrial experts fund (EPPI)',
  },
  TC18: {
    it: 'Ente previdenza e assistenza pluricategoriale (EPAP)',
    en: 'Multi-profession fund (EPAP)',
  },
  TC19: {
    it: 'Ente nazionale previdenza e assistenza biologi (ENPAB)',
    en: 'Biologists fund (ENPAB)',
  },
  TC20: {
    it: 'Ente nazionale previdenza e assistenza professione infermieristica (ENPAPI)',
    en: 'Nurses fund (ENPAPI)',
  },
  TC21: {
    it: 'Ente nazionale previdenza e assistenza psicologi (ENPAP)',
    en: 'Psychologists fund (ENPAP)',
  },
  TC22: { it: 'INPS', en: 'INPS' },
};

const lineKinds: CodeList = {
  SC: { it: 'Sconto', en: 'Discount' },
  PR: { it: 'Premio', en: 'Bonus' },
  AB: { it: 'Abbuono', en: 'Allowance' },
  AC: { it: 'Spesa accessoria', en: 'Ancillary cost' },
};

const transmissionFormats: CodeList = {
  FPA12: { it: 'Fattura verso PA', en: 'Invoice to a public administration' },
  FPR12: { it: 'Fattura verso privati', en: 'Invoice to a private party' },
  FSM10: { it: 'Fattura semplificata', en: 'Simplified invoice' },
};

const issuers: CodeList = {
  CC: { it: 'Cessionario / committente', en: 'Customer' },
  TZ: { it: 'Terzo', en: 'Third party' },
};

const codeLists = {
  documentType: documentTypes,
  natura: vatNatures,
  regimeFiscale: taxRegimes,
  modalitaPagamento: paymentMethods,
  condizioniPagamento: paymentTerms,
  esigibilitaIva: vatChargeability,
  tipoRitenuta: withholdingTypes,
  tipoCassa: pensionFunds,
  tipoCessionePrestazione: lineKinds,
  formatoTrasmissione: transmissionFormats,
  soggettoEmittente: issuers,
} as const;

/** The name of one of the official code lists that `describeCode` knows. */
export type CodeListName = keyof typeof codeLists;

/**
 * The description of an official code in `lang`, or undefined for a code the list does not have
 * (the invoice may be invalid: the caller then shows the bare code).
 */
export function describeCode(list: CodeListName, code: string, lang: Lang): string | undefined {
  const entry: CodeDescription | undefined = codeLists[list][code];
  return entry?.[lang];
}

/** Every code of a list, in the official order (for tests and pickers). */
export function codesOf(list: CodeListName): string[] {
  return Object.keys(codeLists[list]);
}
