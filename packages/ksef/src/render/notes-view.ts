import type { ViewItem, ViewPart, ViewSection } from './invoice-view.ts';
import { has, isYes, listOf, nodeOf, textOf, type KsefNode } from './ksef-json.ts';
import type { LabelKey } from './labels.ts';
import { tableOf } from './table-view.ts';
import type { ViewContext } from './view-context.ts';

const correctionTypes: Record<string, LabelKey> = {
  '1': 'correctionType1',
  '2': 'correctionType2',
  '3': 'correctionType3',
  // FA_RR only: the date of the refund.
  '4': 'correctionType4',
};

function correctedInvoice(c: ViewContext, node: KsefNode, heading: string): ViewItem[] {
  return [
    { kind: 'heading', text: heading },
    ...c.entry('correctedIssueDate', c.date(node.DataWystFaKorygowanej)),
    ...c.entry('correctedNumber', textOf(node.NrFaKorygowanej)),
    ...c.entry('correctedKsefNumber', textOf(node.NrKSeFFaKorygowanej)),
    ...(isYes(node.NrKSeFN) ? [{ kind: 'text' as const, text: c.t('correctedOutsideKsef') }] : []),
  ];
}

/** Dane faktury korygowanej: the reason and effect, and each corrected invoice. */
export function correctionSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  const typeKey = correctionTypes[textOf(fa.TypKorekty)];
  const reason: ViewItem[] = [
    ...c.entry('correctCorrectedNumber', textOf(fa.NrFaKorygowany)),
    ...c.entry('correctionReason', textOf(fa.PrzyczynaKorekty)),
    ...c.entry('correctionType', typeKey ? c.t(typeKey) : textOf(fa.TypKorekty)),
  ];
  const corrected = listOf(fa.DaneFaKorygowanej);
  if (reason.length === 0 && corrected.length === 0) return undefined;
  const invoices = corrected.map((node, index) =>
    correctedInvoice(
      c,
      node,
      corrected.length === 1
        ? c.t('correctedIdentification')
        : c.t('correctedIdentificationIndexed', { index: index + 1 }),
    ),
  );
  const parts: ViewPart[] = [];
  if (invoices.length <= 1) {
    parts.push({ kind: 'columns', columns: [reason, invoices[0] ?? []] });
  } else {
    if (reason.length) parts.push({ kind: 'columns', columns: [reason] });
    for (let i = 0; i < invoices.length; i += 2) {
      parts.push({ kind: 'columns', columns: [invoices[i] ?? [], invoices[i + 1] ?? []] });
    }
  }
  return { id: 'dane-faktury-korygowanej', title: c.t('correctionHeader'), parts };
}

function marginKind(c: ViewContext, pmarzy: KsefNode): string {
  if (isYes(pmarzy.P_PMarzy_3_1)) return c.t('marginUsedGoods');
  if (isYes(pmarzy.P_PMarzy_3_2)) return c.t('marginArt');
  if (isYes(pmarzy.P_PMarzy_2)) return c.t('marginTravel');
  if (isYes(pmarzy.P_PMarzy_3_3)) return c.t('marginAntiques');
  return '';
}

function vehicles(c: ViewContext, nst: KsefNode): ViewPart | undefined {
  const rows = listOf(nst.NowySrodekTransportu).map((vehicle) => {
    const kind = ['P_22B', 'P_22BT', 'P_22B1', 'P_22B2', 'P_22B3', 'P_22B4'].some((key) =>
      has(vehicle[key]),
    )
      ? c.t('vehicleLand')
      : has(vehicle.P_22C) || has(vehicle.P_22C1)
        ? c.t('vehicleBoat')
        : has(vehicle.P_22D) || has(vehicle.P_22D1)
          ? c.t('vehicleAir')
          : '';
    const description = [
      textOf(vehicle.P_NrWierszaNST),
      kind,
      ['P_22BMK', 'P_22BMD', 'P_22BK', 'P_22BNR', 'P_22BRP']
        .map((key) => textOf(vehicle[key]))
        .filter(Boolean)
        .join(', '),
      ['P_22B', 'P_22C', 'P_22D'].map((key) => textOf(vehicle[key])).find(Boolean) ?? '',
      ...['P_22B1', 'P_22B2', 'P_22B3', 'P_22B4', 'P_22C1', 'P_22D1', 'P_22BT'].map((key) =>
        textOf(vehicle[key]),
      ),
    ].filter(Boolean);
    return { date: c.date(vehicle.P_22A), description: description.join('\n') };
  });
  return tableOf(rows, [
    { key: 'date', label: c.t('vehicleAdmissionDate') },
    { key: 'description', label: c.t('vehicleDescription'), wide: true },
  ]);
}

/** Adnotacje: only what applies (the flags set to 1), as the Ministry shows them. */
export function annotationsSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  const adnotacje = nodeOf(fa.Adnotacje);
  const items: ViewItem[] = [];
  const zwolnienie = nodeOf(adnotacje.Zwolnienie);
  if (isYes(zwolnienie.P_19)) {
    items.push({ kind: 'text', text: c.t('exemptDelivery') });
    items.push(...c.entry('exemptionLaw', textOf(zwolnienie.P_19A)));
    items.push(...c.entry('exemptionDirective', textOf(zwolnienie.P_19B)));
    items.push(...c.entry('exemptionOther', textOf(zwolnienie.P_19C)));
  }
  const nst = nodeOf(adnotacje.NoweSrodkiTransportu);
  const vat22 = textOf(nst.P_42_5);
  if (isYes(nst.P_22)) {
    const duty =
      vat22 === '1' ? c.t('vat22Required') : vat22 === '2' ? c.t('vat22NotRequired') : '';
    items.push(
      duty
        ? { kind: 'entry', label: c.t('newTransport'), value: duty }
        : { kind: 'text', text: c.t('newTransport') },
    );
  }
  if (isYes(adnotacje.P_18A)) items.push({ kind: 'text', text: c.t('splitPayment') });
  if (isYes(adnotacje.P_16)) items.push({ kind: 'text', text: c.t('cashMethod') });
  if (isYes(adnotacje.P_18)) items.push({ kind: 'text', text: c.t('reverseCharge') });
  if (isYes(adnotacje.P_23)) items.push({ kind: 'text', text: c.t('triangular') });
  const pmarzy = nodeOf(adnotacje.PMarzy);
  if (isYes(pmarzy.P_PMarzy)) {
    items.push({ kind: 'entry', label: c.t('marginProcedure'), value: marginKind(c, pmarzy) });
  }
  if (isYes(adnotacje.P_17)) items.push({ kind: 'text', text: c.t('selfInvoicing') });
  const parts: ViewPart[] = [];
  if (items.length) {
    const half = Math.ceil(items.length / 2);
    parts.push({ kind: 'columns', columns: [items.slice(0, half), items.slice(half)] });
  }
  const vehicleTable = vehicles(c, nst);
  if (vehicleTable) parts.push(vehicleTable);
  return parts.length ? { id: 'adnotacje', title: c.t('annotationsHeader'), parts } : undefined;
}

export function additionalSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  const items: ViewItem[] = [];
  if (isYes(fa.TP)) items.push({ kind: 'text', text: `- ${c.t('tpNote')}` });
  if (isYes(fa.FP)) items.push({ kind: 'text', text: `- ${c.t('fpNote')}` });
  if (isYes(fa.ZwrotAkcyzy)) items.push({ kind: 'text', text: `- ${c.t('exciseRefundNote')}` });
  const parts: ViewPart[] = items.length ? [{ kind: 'columns', columns: [items] }] : [];
  const descriptions = listOf(fa.DodatkowyOpis).map((opis, index) => ({
    ...opis,
    lp: String(index + 1),
  }));
  const table = tableOf(
    descriptions,
    [
      { key: 'lp', label: c.t('lp') },
      { key: 'NrWiersza', label: c.t('rowNumber') },
      { key: 'Klucz', label: c.t('infoType') },
      { key: 'Wartosc', label: c.t('infoContent'), wide: true },
    ],
    c.t('additionalDescription'),
  );
  if (table) parts.push(table);
  return parts.length
    ? { id: 'dodatkowe-informacje', title: c.t('additionalHeader'), parts }
    : undefined;
}

export function settlementSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  if (!('Rozliczenie' in fa)) return undefined;
  const rozliczenie = nodeOf(fa.Rozliczenie);
  const parts: ViewPart[] = [];
  const charges = tableOf(
    listOf(rozliczenie.Obciazenia),
    [
      { key: 'Powod', label: c.t('chargeReason'), wide: true },
      { key: 'Kwota', label: c.t('amount'), align: 'right', format: (text) => c.money(text) },
    ],
    c.t('charges'),
  );
  if (charges) parts.push(charges);
  if (has(rozliczenie.SumaObciazen)) {
    parts.push({
      kind: 'total',
      label: c.t('totalCharges'),
      value: c.money(rozliczenie.SumaObciazen),
    });
  }
  const deductions = tableOf(
    listOf(rozliczenie.Odliczenia),
    [
      { key: 'Powod', label: c.t('deductionReason'), wide: true },
      { key: 'Kwota', label: c.t('amount'), align: 'right', format: (text) => c.money(text) },
    ],
    c.t('deductions'),
  );
  if (deductions) parts.push(deductions);
  if (has(rozliczenie.SumaOdliczen)) {
    parts.push({
      kind: 'total',
      label: c.t('totalDeductions'),
      value: c.money(rozliczenie.SumaOdliczen),
    });
  }
  if (has(rozliczenie.DoZaplaty)) {
    parts.push({ kind: 'total', label: c.t('toPay'), value: c.money(rozliczenie.DoZaplaty) });
  } else if (has(rozliczenie.DoRozliczenia)) {
    parts.push({
      kind: 'total',
      label: c.t('toSettle'),
      value: c.money(rozliczenie.DoRozliczenia),
    });
  }
  return parts.length ? { id: 'rozliczenie', title: c.t('settlementHeader'), parts } : undefined;
}
