import {
  offlineCertificateLink,
  verificationLink,
  type KsefEnvironment,
  type OfflineCertificateLinkInput,
} from '../qr/index.ts';
import type { InvoiceView, ViewPart, ViewSection } from './invoice-view.ts';
import { has, isNode, listOf, nodeOf, textOf, textsOf, type KsefNode } from './ksef-json.ts';
import type { LabelKey, RenderLanguage } from './labels.ts';
import { detailsSection, linesSection, orderSection, summarySection } from './lines-view.ts';
import {
  additionalSection,
  annotationsSection,
  correctionSection,
  settlementSection,
} from './notes-view.ts';
import { partiesSections } from './parties-view.ts';
import { attachmentSection } from './attachment-view.ts';
import { paymentSection, transactionSection } from './payment-view.ts';
import { rrDetailsSection, rrLinesSection } from './rr-view.ts';
import { tableOf } from './table-view.ts';
import { createViewContext, type ViewContext } from './view-context.ts';

/** KOD II: a link made beforehand, or what `offlineCertificateLink` needs beyond the invoice. */
export type OfflineOption =
  | { certificateLink: string }
  | Omit<OfflineCertificateLinkInput, 'env' | 'sellerNip' | 'xmlBytes' | 'invoiceHash'>;

export interface ViewOptions {
  lang: RenderLanguage;
  env: KsefEnvironment;
  ksefNumber?: string;
  xmlBytes?: Uint8Array | string;
  offline?: OfflineOption;
}

function invoiceKind(c: ViewContext, fa: KsefNode): string {
  const kind = textOf(fa.RodzajFaktury);
  if (kind === 'KOR' && has(fa.OkresFaKorygowanej)) return c.t('kindKORRabat');
  const keys: Record<string, LabelKey> = {
    VAT: 'kindVAT',
    ZAL: 'kindZAL',
    ROZ: 'kindROZ',
    KOR: 'kindKOR',
    KOR_ZAL: 'kindKOR_ZAL',
    KOR_ROZ: 'kindKOR_ROZ',
    UPR: 'kindUPR',
    VAT_RR: 'kindVAT_RR',
    KOR_VAT_RR: 'kindKOR_VAT_RR',
  };
  const key = keys[kind];
  return key ? c.t(key) : kind;
}

function footerSection(c: ViewContext, faktura: KsefNode): ViewSection | undefined {
  const stopka = nodeOf(faktura.Stopka);
  const parts: ViewPart[] = [];
  // The Ministry lists the warehouse documents (WZ) of the invoice in its footer.
  const wz = textsOf(nodeOf(faktura.Fa).WZ).map((number) => ({ number }));
  const wzTable = tableOf(wz, [{ key: 'number', label: c.t('wzNumber') }], c.t('wzNumbers'));
  if (wzTable) parts.push(wzTable);
  const registers = tableOf(
    listOf(stopka.Rejestry),
    [
      { key: 'PelnaNazwa', label: c.t('fullName'), wide: true },
      { key: 'KRS', label: c.t('krs') },
      { key: 'REGON', label: c.t('regon') },
      { key: 'BDO', label: c.t('bdo') },
    ],
    c.t('registersHeader'),
  );
  if (registers) parts.push(registers);
  const information = tableOf(
    listOf(stopka.Informacje),
    [{ key: 'StopkaFaktury', label: c.t('invoiceFooter'), wide: true }],
    c.t('otherInformation'),
  );
  if (information) parts.push(information);
  return parts.length ? { id: 'stopka', parts } : undefined;
}

/** KOD I, when the invoice file is given and its seller NIP and issue date make a link. */
function kodI(
  c: ViewContext,
  faktura: KsefNode,
  issueDate: string,
  options: ViewOptions,
): ViewSection | undefined {
  if (options.xmlBytes === undefined) return undefined;
  const nip = textOf(nodeOf(nodeOf(faktura.Podmiot1).DaneIdentyfikacyjne).NIP);
  let link: string;
  try {
    link = verificationLink(options.env, nip, issueDate, options.xmlBytes);
  } catch {
    // An invoice without a valid seller NIP or issue date has no verification link to show.
    return undefined;
  }
  const known = options.ksefNumber?.trim();
  return {
    id: 'kod-1',
    title: c.t('qr1Header'),
    parts: [
      {
        kind: 'qr',
        link,
        // kody-qr.md: the KSeF number under the code once known, OFFLINE until then.
        caption: known || c.t('offline'),
        description: c.t('qr1Description'),
        size: 150,
      },
    ],
  };
}

/** KOD II, for an invoice issued offline: the issuer's certificate link. */
function kodII(c: ViewContext, faktura: KsefNode, options: ViewOptions): ViewSection | undefined {
  const offline = options.offline;
  if (!offline) return undefined;
  let link: string;
  if ('certificateLink' in offline) {
    link = offline.certificateLink;
  } else {
    if (options.xmlBytes === undefined) {
      throw new TypeError('KOD II needs the invoice file: give xmlBytes with offline');
    }
    link = offlineCertificateLink({
      ...offline,
      env: options.env,
      sellerNip: textOf(nodeOf(nodeOf(faktura.Podmiot1).DaneIdentyfikacyjne).NIP),
      xmlBytes: options.xmlBytes,
    });
  }
  return {
    id: 'kod-2',
    title: c.t('qr2Header'),
    parts: [
      {
        kind: 'qr',
        link,
        caption: c.t('certificate'),
        description: c.t('qr2Description'),
        size: 210,
      },
    ],
  };
}

/** The sections of an FA(3) / FA(2) invoice, in the Ministry's order. */
function faSections(c: ViewContext, faktura: KsefNode, options: ViewOptions): ViewSection[] {
  const fa = nodeOf(faktura.Fa);
  return [
    correctionSection(c, fa),
    ...partiesSections(c, faktura),
    detailsSection(c, fa),
    linesSection(c, fa),
    orderSection(c, fa),
    summarySection(c, fa),
    annotationsSection(c, fa),
    additionalSection(c, fa),
    settlementSection(c, fa),
    paymentSection(c, fa),
    transactionSection(c, fa),
    footerSection(c, faktura),
    attachmentSection(c, faktura),
    kodI(c, faktura, textOf(fa.P_1), options),
    kodII(c, faktura, options),
  ].filter((section): section is ViewSection => section !== undefined);
}

/** The sections of an FA_RR(1) invoice (FakturaRR in place of Fa). */
function rrSections(c: ViewContext, faktura: KsefNode, options: ViewOptions): ViewSection[] {
  const rr = nodeOf(faktura.FakturaRR);
  return [
    correctionSection(c, rr),
    ...partiesSections(c, faktura, 'supplier'),
    rrDetailsSection(c, rr),
    rrLinesSection(c, rr),
    additionalSection(c, rr),
    settlementSection(c, rr),
    paymentSection(c, rr),
    footerSection(c, faktura),
    kodI(c, faktura, textOf(rr.P_4B), options),
    kodII(c, faktura, options),
  ].filter((section): section is ViewSection => section !== undefined);
}

/** The whole visualisation of `faktura` (the content of the JSON's `Faktura` key). */
export function buildInvoiceView(faktura: KsefNode, options: ViewOptions): InvoiceView {
  const isRR = isNode(faktura.FakturaRR) && !isNode(faktura.Fa);
  const fa = nodeOf(isRR ? faktura.FakturaRR : faktura.Fa);
  const currency = textOf(fa.KodWaluty);
  const c = createViewContext(options.lang, currency);
  const naglowek = nodeOf(faktura.Naglowek);
  const kodFormularza = nodeOf(naglowek.KodFormularza);
  const form = [textOf(kodFormularza.kodSystemowy), textOf(kodFormularza.wersjaSchemy)]
    .filter(Boolean)
    .join(' ');
  const ksefNumber = options.ksefNumber?.trim();
  const number = textOf(isRR ? fa.P_4C : fa.P_2);
  const kind = invoiceKind(c, fa);
  const sections = isRR ? rrSections(c, faktura, options) : faSections(c, faktura, options);
  const systemInfo = textOf(naglowek.SystemInfo);
  return {
    lang: options.lang,
    header: {
      systemName: [c.t('systemName1'), c.t('systemName2'), c.t('systemName3')],
      invoiceNumberLabel: c.t('invoiceNumber'),
      invoiceNumber: number,
      kind,
      ...(ksefNumber ? { ksefNumber: { label: c.t('ksefNumber'), value: ksefNumber } } : {}),
      ...(form ? { form: { label: c.t('form'), value: form } } : {}),
    },
    sections,
    ...(systemInfo ? { generatedIn: { label: c.t('generatedIn'), value: systemInfo } } : {}),
    pageLabel: c.t('page'),
    title: [kind, number, ksefNumber].filter(Boolean).join(' '),
  };
}
