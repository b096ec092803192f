import type { ViewItem, ViewPart, ViewSection } from './invoice-view.ts';
import { has, isYes, listOf, nodeOf, textOf, textsOf, type KsefNode } from './ksef-json.ts';
import type { LabelKey } from './labels.ts';
import { formatAccountNumber, formatDateTime } from './pl-format.ts';
import { tableOf } from './table-view.ts';
import type { ViewContext } from './view-context.ts';

function paymentMethod(c: ViewContext, value: unknown): string {
  const code = textOf(value);
  return /^[1-7]$/.test(code) ? c.t(`method${code}` as LabelKey) : code;
}

function bankAccount(c: ViewContext, heading: LabelKey, account: KsefNode): ViewItem[] {
  return [
    { kind: 'subheading', text: c.t(heading) },
    { kind: 'text', text: formatAccountNumber(textOf(account.NrRB)) },
    ...c.entry('swift', textOf(account.SWIFT)),
    ...c.entry('bankName', textOf(account.NazwaBanku)),
    ...c.entry('accountDescription', textOf(account.OpisRachunku)),
    ...(has(account.RachunekWlasnyBanku)
      ? c.entry('ownBankAccount', textOf(account.RachunekWlasnyBanku))
      : []),
  ];
}

/** Płatność: paid or partly paid, the method, due dates, partial payments, accounts, discount. */
export function paymentSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  if (!('Platnosc' in fa)) return undefined;
  const platnosc = nodeOf(fa.Platnosc);
  const status: ViewItem[] = [];
  if (isYes(platnosc.Zaplacono)) {
    status.push(...c.entry('paymentInformation', c.t('paid')));
    status.push(...c.entry('paymentDate', c.date(platnosc.DataZaplaty)));
  } else if (['1', '2'].includes(textOf(platnosc.ZnacznikZaplatyCzesciowej))) {
    status.push(...c.entry('paymentInformation', c.t('partialPayment')));
    const partly = textOf(platnosc.ZnacznikZaplatyCzesciowej) === '1';
    status.push({ kind: 'text', text: c.t(partly ? 'paidInPart' : 'paidAllInParts') });
  }
  if (has(platnosc.FormaPlatnosci)) {
    status.push(...c.entry('paymentMethod', paymentMethod(c, platnosc.FormaPlatnosci)));
  } else if (isYes(platnosc.PlatnoscInna) || has(platnosc.OpisPlatnosci)) {
    status.push(...c.entry('paymentMethod', c.t('paymentOther')));
    status.push(...c.entry('paymentOtherDescription', textOf(platnosc.OpisPlatnosci)));
  }
  if (has(platnosc.LinkDoPlatnosci)) {
    status.push({ kind: 'link', label: c.t('paymentLink'), url: textOf(platnosc.LinkDoPlatnosci) });
  }
  status.push(...c.entry('ksefPaymentId', textOf(platnosc.IPKSeF)));
  const parts: ViewPart[] = [];
  if (status.length) parts.push({ kind: 'columns', columns: [status] });

  const terms = listOf(platnosc.TerminPlatnosci).map((term) => {
    // FA(3) describes the term in parts (7 dni od …); FA(2) in one text.
    const opis = nodeOf(term.TerminOpis);
    const parts = [textOf(opis.Ilosc), textOf(opis.Jednostka), textOf(opis.ZdarzeniePoczatkowe)];
    return {
      Termin: c.date(term.Termin),
      Opis: parts.some(Boolean) ? parts.filter(Boolean).join(' ') : textOf(term.TerminOpis),
    };
  });
  const termTable = tableOf(terms, [
    { key: 'Termin', label: c.t('dueDate') },
    { key: 'Opis', label: c.t('dueDateDescription'), wide: true },
  ]);
  if (termTable) parts.push(termTable);
  const partial = listOf(platnosc.ZaplataCzesciowa).map((payment) => ({
    date: c.date(payment.DataZaplatyCzesciowej),
    amount: c.money(payment.KwotaZaplatyCzesciowej),
    method: has(payment.FormaPlatnosci)
      ? paymentMethod(c, payment.FormaPlatnosci)
      : textOf(payment.OpisPlatnosci),
  }));
  const partialTable = tableOf(partial, [
    { key: 'date', label: c.t('partialPaymentDate') },
    { key: 'amount', label: c.t('partialPaymentAmount'), align: 'right' },
    { key: 'method', label: c.t('paymentMethod'), wide: true },
  ]);
  if (partialTable) parts.push(partialTable);

  const accounts = [
    ...listOf(platnosc.RachunekBankowy).map((account) => bankAccount(c, 'bankAccount', account)),
    ...listOf(platnosc.RachunekBankowyFaktora).map((account) =>
      bankAccount(c, 'factorBankAccount', account),
    ),
    // FA_RR: the farmer's and the buyer's accounts.
    ...listOf(platnosc.RachunekBankowy1).map((account) => bankAccount(c, 'farmerAccount', account)),
    ...listOf(platnosc.RachunekBankowy2).map((account) => bankAccount(c, 'buyerAccount', account)),
  ];
  for (let i = 0; i < accounts.length; i += 2) {
    parts.push({ kind: 'columns', columns: [accounts[i] ?? [], accounts[i + 1] ?? []] });
  }
  const skonto = nodeOf(platnosc.Skonto);
  if (has(skonto.WarunkiSkonta) || has(skonto.WysokoscSkonta)) {
    parts.push({
      kind: 'columns',
      columns: [
        [
          { kind: 'subheading', text: c.t('earlyPaymentDiscount') },
          ...c.entry('discountConditions', textOf(skonto.WarunkiSkonta)),
          ...c.entry('discountAmount', textOf(skonto.WysokoscSkonta)),
        ],
      ],
    });
  }
  return parts.length ? { id: 'platnosc', title: c.t('paymentHeader'), parts } : undefined;
}

const transportModes: Record<string, { pl: string; en: string }> = {
  '1': { pl: 'Transport morski', en: 'Sea' },
  '2': { pl: 'Transport kolejowy', en: 'Rail' },
  '3': { pl: 'Transport drogowy', en: 'Road' },
  '4': { pl: 'Transport lotniczy', en: 'Air' },
  '5': { pl: 'Przesyłka pocztowa', en: 'Post' },
  '7': { pl: 'Stałe instalacje przesyłowe', en: 'Fixed installations' },
  '8': { pl: 'Żegluga śródlądowa', en: 'Inland waterway' },
};

function addressLine(c: ViewContext, value: unknown): string {
  const node = nodeOf(value);
  return [textOf(node.AdresL1), textOf(node.AdresL2), c.country(node.KodKraju)]
    .filter(Boolean)
    .join(', ');
}

/** Warunki transakcji: contracts, orders, batch numbers, delivery terms, rate, transport. */
export function transactionSection(c: ViewContext, fa: KsefNode): ViewSection | undefined {
  const warunki = nodeOf(fa.WarunkiTransakcji);
  if (Object.keys(warunki).length === 0) return undefined;
  const parts: ViewPart[] = [];
  const contracts = tableOf(
    listOf(warunki.Umowy),
    [
      { key: 'DataUmowy', label: c.t('contractDate'), format: (text) => c.date(text) },
      { key: 'NrUmowy', label: c.t('contractNumber'), wide: true },
    ],
    c.t('contracts'),
  );
  const orders = tableOf(
    listOf(warunki.Zamowienia),
    [
      { key: 'DataZamowienia', label: c.t('orderDate'), format: (text) => c.date(text) },
      { key: 'NrZamowienia', label: c.t('orderNumber'), wide: true },
    ],
    c.t('orders'),
  );
  if (contracts) parts.push(contracts);
  if (orders) parts.push(orders);
  const items: ViewItem[] = [
    ...c.entry('batchNumber', textsOf(warunki.NrPartiiTowaru).join(', ')),
    ...c.entry('deliveryTerms', textOf(warunki.WarunkiDostawy)),
    ...c.entry('contractRate', textOf(warunki.KursUmowny)),
    ...c.entry('contractCurrency', textOf(warunki.WalutaUmowna)),
    ...(isYes(warunki.PodmiotPosredniczacy)
      ? [{ kind: 'text' as const, text: c.t('intermediary') }]
      : []),
  ];
  const transport = listOf(warunki.Transport).flatMap((node): ViewItem[] => {
    const mode = transportModes[textOf(node.RodzajTransportu)];
    const carrier = nodeOf(node.Przewoznik);
    const carrierId = nodeOf(carrier.DaneIdentyfikacyjne);
    const wysylka = nodeOf(node.WysylkaZ);
    return [
      { kind: 'subheading', text: c.t('transport') },
      ...c.entry('transportType', mode ? mode[c.lang] : textOf(node.OpisInnegoTransportu)),
      ...c.entry(
        'carrier',
        [textOf(carrierId.Nazwa), textOf(carrierId.NIP)].filter(Boolean).join(', '),
      ),
      ...c.entry('transportOrderNumber', textOf(node.NrZleceniaTransportu)),
      ...c.entry('shipFrom', addressLine(c, wysylka)),
      ...c.entry('shipTo', addressLine(c, node.WysylkaDo)),
      ...(has(node.DataGodzRozpTransportu)
        ? [
            {
              kind: 'text' as const,
              text: `${formatDateTime(textOf(node.DataGodzRozpTransportu))} – ${formatDateTime(textOf(node.DataGodzZakTransportu))}`,
            },
          ]
        : []),
    ];
  });
  if (items.length || transport.length) {
    parts.push({ kind: 'columns', columns: [items, transport] });
  }
  return parts.length
    ? { id: 'warunki-transakcji', title: c.t('transactionHeader'), parts }
    : undefined;
}
