import { escapeHtml } from '../../../platform/http/html.ts';
import type { ConnectErrorClass } from '../bank-aggregator.ts';
import {
  ACCOUNT_TEMPLATES,
  SANDBOX_BANKS,
  SANDBOX_COUNTRY,
  SANDBOX_OTP,
  SANDBOX_PASSWORD,
  type SandboxBank,
} from './banks.ts';
import { CONSENT_DAY_CHOICES } from './aggregator-sandbox.ts';

/*
 * The aggregator sandbox's hosted pages: the connect flow (choose the bank, the bank's own login
 * page, one-time code, accounts, GDPR consent, the end) and the payment page. Plain HTML forms
 * with no script (the API's CSP allows none inline), in the flow's language (it, en, pl).
 */

export type PageLanguage = 'it' | 'en' | 'pl';

export function pageLanguage(locale: string | null | undefined): PageLanguage {
  return locale === 'it' || locale === 'pl' ? locale : 'en';
}

/**
 * The payer's language: the first of it, en, pl their browser asks for (Accept-Language), else
 * the language the request was made in.
 */
export function payerLanguage(
  acceptLanguage: string | undefined,
  locale: string | null | undefined,
): PageLanguage {
  for (const part of (acceptLanguage ?? '').slice(0, 200).split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'it' || tag === 'en' || tag === 'pl') return tag;
  }
  return pageLanguage(locale);
}

type Words = {
  [Key in keyof typeof EN]: (typeof EN)[Key] extends string
    ? string
    : { readonly [Inner in keyof (typeof EN)[Key]]: string };
};

const EN = {
  sandbox: 'Open banking sandbox',
  chooseBank: 'Choose your bank',
  chooseBankHint: `Simulated banks of the test country ${SANDBOX_COUNTRY}.`,
  login: 'Sign in to your bank',
  username: 'User name',
  password: 'Password',
  loginHint: `Sandbox: any user name with the password "${SANDBOX_PASSWORD}". The user names "timeout" and "error" rehearse a bank that does not answer and one that fails.`,
  signIn: 'Sign in',
  otp: 'One-time code',
  otpHint: `The bank sent a code by SMS. Sandbox code: ${SANDBOX_OTP}.`,
  confirm: 'Confirm',
  accounts: 'Choose the accounts to share',
  natures: { account: 'Current account', savings: 'Deposit account', card: 'Card' },
  continue: 'Continue',
  pickOne: 'Choose at least one account.',
  consentTitle: 'Consent to share your data',
  consent:
    'I allow Fiscus to read the balances and transactions of the chosen accounts (GDPR art. 6(1)(a), PSD2). I can withdraw this consent at any time.',
  consentDays: 'Consent valid for',
  days: 'days',
  sandboxDays: '(sandbox: a shorter consent rehearses the reconnect notices)',
  give: 'Give consent',
  refuse: 'Refuse',
  doneTitle: 'Bank connected',
  done: 'Your accounts are connected. You can go back to Fiscus.',
  reconnectDone: 'Your consent is renewed. You can go back to Fiscus.',
  back: 'Back to Fiscus',
  failedTitle: 'Connection failed',
  errors: {
    Timeout: 'Your bank did not answer in time.',
    InvalidCredentials: 'The bank refused your credentials.',
    AccessDenied: 'You refused the consent: nothing was shared.',
    ProviderError: 'Your bank reported an error.',
    GenericError: 'Something went wrong.',
  },
  expiredTitle: 'Link expired',
  expired: 'This link is no longer valid. Ask for a new one in Fiscus.',
  payTitle: 'Pay by bank transfer',
  payee: 'Payee',
  amount: 'Amount',
  reason: 'Reason',
  system: 'Scheme',
  systems: { sepa: 'SEPA credit transfer', sepa_instant: 'SEPA Instant credit transfer' },
  payerName: 'Your name or company',
  payerIban: 'Your IBAN',
  pay: 'Pay',
  cancelPayment: 'Cancel at my bank',
  paidTitle: 'Payment sent',
  paid: 'Your bank has sent the transfer.',
  refusedTitle: 'Payment cancelled',
  refused: 'No money was sent.',
  payExpired: 'This payment request has expired or was already handled.',
  payInvalid: 'Give your name and a valid IBAN.',
} as const;

const TEXT: Record<PageLanguage, Words> = {
  en: EN,
  it: {
    sandbox: 'Sandbox open banking',
    chooseBank: 'Scegli la tua banca',
    chooseBankHint: `Banche simulate del paese di prova ${SANDBOX_COUNTRY}.`,
    login: 'Accedi alla tua banca',
    username: 'Nome utente',
    password: 'Password',
    loginHint: `Sandbox: qualsiasi nome utente con la password "${SANDBOX_PASSWORD}". I nomi utente "timeout" ed "error" simulano una banca che non risponde e una che va in errore.`,
    signIn: 'Accedi',
    otp: 'Codice monouso',
    otpHint: `La banca ha inviato un codice via SMS. Codice del sandbox: ${SANDBOX_OTP}.`,
    confirm: 'Conferma',
    accounts: 'Scegli i conti da condividere',
    natures: { account: 'Conto corrente', savings: 'Conto deposito', card: 'Carta' },
    continue: 'Continua',
    pickOne: 'Scegli almeno un conto.',
    consentTitle: 'Consenso alla condivisione dei dati',
    consent:
      'Autorizzo Fiscus a leggere saldi e movimenti dei conti scelti (art. 6, par. 1, lett. a GDPR, PSD2). Posso revocare il consenso in qualsiasi momento.',
    consentDays: 'Consenso valido per',
    days: 'giorni',
    sandboxDays: '(sandbox: un consenso più breve fa provare gli avvisi di rinnovo)',
    give: 'Acconsento',
    refuse: 'Rifiuto',
    doneTitle: 'Banca collegata',
    done: 'I tuoi conti sono collegati. Puoi tornare a Fiscus.',
    reconnectDone: 'Il consenso è rinnovato. Puoi tornare a Fiscus.',
    back: 'Torna a Fiscus',
    failedTitle: 'Collegamento non riuscito',
    errors: {
      Timeout: 'La banca non ha risposto in tempo.',
      InvalidCredentials: 'La banca ha rifiutato le credenziali.',
      AccessDenied: 'Hai rifiutato il consenso: non è stato condiviso nulla.',
      ProviderError: 'La banca ha segnalato un errore.',
      GenericError: 'Si è verificato un errore.',
    },
    expiredTitle: 'Link scaduto',
    expired: 'Questo link non è più valido. Chiedine uno nuovo in Fiscus.',
    payTitle: 'Paga con bonifico',
    payee: 'Beneficiario',
    amount: 'Importo',
    reason: 'Causale',
    system: 'Circuito',
    systems: { sepa: 'Bonifico SEPA', sepa_instant: 'Bonifico SEPA istantaneo' },
    payerName: 'Il tuo nome o ragione sociale',
    payerIban: 'Il tuo IBAN',
    pay: 'Paga',
    cancelPayment: 'Annulla presso la mia banca',
    paidTitle: 'Pagamento inviato',
    paid: 'La tua banca ha inviato il bonifico.',
    refusedTitle: 'Pagamento annullato',
    refused: 'Non è stato inviato denaro.',
    payExpired: 'Questa richiesta di pagamento è scaduta o è già stata gestita.',
    payInvalid: 'Indica il tuo nome e un IBAN valido.',
  },
  pl: {
    sandbox: 'Sandbox open banking',
    chooseBank: 'Wybierz swój bank',
    chooseBankHint: `Symulowane banki kraju testowego ${SANDBOX_COUNTRY}.`,
    login: 'Zaloguj się do banku',
    username: 'Nazwa użytkownika',
    password: 'Hasło',
    loginHint: `Sandbox: dowolna nazwa użytkownika z hasłem "${SANDBOX_PASSWORD}". Nazwy "timeout" i "error" symulują bank, który nie odpowiada, i bank zgłaszający błąd.`,
    signIn: 'Zaloguj',
    otp: 'Kod jednorazowy',
    otpHint: `Bank wysłał kod SMS-em. Kod sandboxa: ${SANDBOX_OTP}.`,
    confirm: 'Potwierdź',
    accounts: 'Wybierz rachunki do udostępnienia',
    natures: { account: 'Rachunek bieżący', savings: 'Rachunek lokacyjny', card: 'Karta' },
    continue: 'Dalej',
    pickOne: 'Wybierz co najmniej jeden rachunek.',
    consentTitle: 'Zgoda na udostępnienie danych',
    consent:
      'Zezwalam Fiscus na odczyt sald i transakcji wybranych rachunków (art. 6 ust. 1 lit. a RODO, PSD2). Mogę wycofać zgodę w każdej chwili.',
    consentDays: 'Zgoda ważna przez',
    days: 'dni',
    sandboxDays: '(sandbox: krótsza zgoda pozwala przećwiczyć powiadomienia o odnowieniu)',
    give: 'Wyrażam zgodę',
    refuse: 'Odmawiam',
    doneTitle: 'Bank połączony',
    done: 'Twoje rachunki są połączone. Możesz wrócić do Fiscus.',
    reconnectDone: 'Zgoda została odnowiona. Możesz wrócić do Fiscus.',
    back: 'Wróć do Fiscus',
    failedTitle: 'Połączenie nieudane',
    errors: {
      Timeout: 'Bank nie odpowiedział na czas.',
      InvalidCredentials: 'Bank odrzucił dane logowania.',
      AccessDenied: 'Odmówiono zgody: nic nie zostało udostępnione.',
      ProviderError: 'Bank zgłosił błąd.',
      GenericError: 'Wystąpił błąd.',
    },
    expiredTitle: 'Link wygasł',
    expired: 'Ten link jest już nieważny. Poproś o nowy w Fiscus.',
    payTitle: 'Zapłać przelewem',
    payee: 'Odbiorca',
    amount: 'Kwota',
    reason: 'Tytuł',
    system: 'System',
    systems: { sepa: 'Przelew SEPA', sepa_instant: 'Przelew natychmiastowy SEPA' },
    payerName: 'Twoje imię i nazwisko lub firma',
    payerIban: 'Twój IBAN',
    pay: 'Zapłać',
    cancelPayment: 'Anuluj w moim banku',
    paidTitle: 'Płatność wysłana',
    paid: 'Twój bank wysłał przelew.',
    refusedTitle: 'Płatność anulowana',
    refused: 'Nie wysłano pieniędzy.',
    payExpired: 'To żądanie płatności wygasło lub zostało już obsłużone.',
    payInvalid: 'Podaj swoje imię i nazwisko oraz prawidłowy IBAN.',
  },
} as const;

export type PageText = Words;
export const pageText = (language: PageLanguage): PageText => TEXT[language];

const STYLE = `body{font-family:system-ui,sans-serif;background:#f2f5f8;margin:0;color:#0f172a}
header{color:#fff;padding:16px 24px;font-weight:600;display:flex;justify-content:space-between}
main{max-width:520px;margin:32px auto;background:#fff;padding:24px;border-radius:10px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin-top:12px;font-weight:600}
input[type=text],input[type=password],select{width:100%;padding:10px;box-sizing:border-box;font:inherit;border:1px solid #94a3b8;border-radius:6px}
button{margin-top:16px;margin-right:8px;border:0;padding:10px 16px;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;color:#fff}
button.secondary{background:#e2e8f0;color:#0f172a}.hint{color:#475569;font-size:.9rem}
.error{background:#fdeded;color:#5f2120;padding:10px 14px;border-radius:6px}
.bank{display:block;width:100%;text-align:left;margin:8px 0}.check{font-weight:400;display:flex;gap:8px;align-items:flex-start}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}dt{font-weight:600}dd{margin:0}a.button{display:inline-block;margin-top:16px;padding:10px 16px;border-radius:6px;color:#fff;text-decoration:none;font-weight:600}`;

/** A page of the flow, in the bank's colours when a bank is on screen. */
export function page(
  language: PageLanguage,
  title: string,
  body: string,
  bank?: SandboxBank,
): string {
  const colour = bank?.colour ?? '#1d4ed8';
  const text = pageText(language);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}header,button:not(.secondary),a.button{background:${colour}}</style></head>
<body><header><span>${escapeHtml(bank?.name ?? text.sandbox)}</span><span>${escapeHtml(text.sandbox)}</span></header>
<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const error = (message: string | undefined) =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';

export function bankPage(language: PageLanguage, action: string): string {
  const text = pageText(language);
  const banks = SANDBOX_BANKS.map(
    (bank) =>
      `<button class="bank" style="background:${bank.colour}" name="bank" value="${escapeHtml(bank.code)}">${escapeHtml(bank.name)}</button>`,
  ).join('');
  return page(
    language,
    text.chooseBank,
    `<p class="hint">${escapeHtml(text.chooseBankHint)}</p><form method="post" action="${escapeHtml(action)}">${banks}</form>`,
  );
}

export function loginPage(language: PageLanguage, bank: SandboxBank, action: string): string {
  const text = pageText(language);
  return page(
    language,
    text.login,
    `<form method="post" action="${escapeHtml(action)}">
<label for="username">${escapeHtml(text.username)}</label><input id="username" name="username" type="text" autocomplete="off" required maxlength="100">
<label for="password">${escapeHtml(text.password)}</label><input id="password" name="password" type="password" required maxlength="100">
<p class="hint">${escapeHtml(text.loginHint)}</p><button type="submit">${escapeHtml(text.signIn)}</button></form>`,
    bank,
  );
}

export function otpPage(language: PageLanguage, bank: SandboxBank, action: string): string {
  const text = pageText(language);
  return page(
    language,
    text.otp,
    `<form method="post" action="${escapeHtml(action)}"><p class="hint">${escapeHtml(text.otpHint)}</p>
<label for="code">${escapeHtml(text.otp)}</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="12">
<button type="submit">${escapeHtml(text.confirm)}</button></form>`,
    bank,
  );
}

export function accountsPage(
  language: PageLanguage,
  bank: SandboxBank,
  action: string,
  problem?: string,
): string {
  const text = pageText(language);
  const boxes = ACCOUNT_TEMPLATES.map(
    (template) =>
      `<label class="check"><input type="checkbox" name="account" value="${template.key}" checked> ${escapeHtml(template.name)} · ${escapeHtml(text.natures[template.nature])} · ${template.currencyCode}</label>`,
  ).join('');
  return page(
    language,
    text.accounts,
    `${error(problem)}<form method="post" action="${escapeHtml(action)}">${boxes}<button type="submit">${escapeHtml(text.continue)}</button></form>`,
    bank,
  );
}

export function consentPage(language: PageLanguage, bank: SandboxBank, action: string): string {
  const text = pageText(language);
  const options = CONSENT_DAY_CHOICES.map(
    (days) => `<option value="${days}">${days} ${escapeHtml(text.days)}</option>`,
  ).join('');
  return page(
    language,
    text.consentTitle,
    `<form method="post" action="${escapeHtml(action)}"><p>${escapeHtml(text.consent)}</p>
<label for="days">${escapeHtml(text.consentDays)}</label><select id="days" name="days">${options}</select>
<p class="hint">${escapeHtml(text.sandboxDays)}</p>
<button type="submit" name="decision" value="give">${escapeHtml(text.give)}</button><button type="submit" class="secondary" name="decision" value="refuse">${escapeHtml(text.refuse)}</button></form>`,
    bank,
  );
}

/** The flow's end: a link back to the console when it gave one. */
export function endPage(
  language: PageLanguage,
  outcome: { ok: true; reconnect: boolean } | { ok: false; errorClass: ConnectErrorClass },
  backUrl: string | null,
): string {
  const text = pageText(language);
  const back = backUrl
    ? `<a class="button" href="${escapeHtml(backUrl)}">${escapeHtml(text.back)}</a>`
    : '';
  if (outcome.ok) {
    return page(
      language,
      text.doneTitle,
      `<p role="status">${escapeHtml(outcome.reconnect ? text.reconnectDone : text.done)}</p>${back}`,
    );
  }
  return page(language, text.failedTitle, `${error(text.errors[outcome.errorClass])}${back}`);
}

export function expiredPage(language: PageLanguage, message?: string): string {
  const text = pageText(language);
  return page(language, text.expiredTitle, `<p>${escapeHtml(message ?? text.expired)}</p>`);
}

export interface PaymentView {
  payee: string;
  iban: string;
  amount: string;
  currencyCode: string;
  description: string;
  system: 'sepa' | 'sepa_instant';
}

export function paymentPage(
  language: PageLanguage,
  view: PaymentView,
  action: string,
  problem?: string,
  payer?: { name: string; iban: string },
): string {
  const text = pageText(language);
  const amount = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: view.currencyCode,
  }).format(Number(view.amount));
  return page(
    language,
    text.payTitle,
    `${error(problem)}<dl><dt>${escapeHtml(text.payee)}</dt><dd>${escapeHtml(view.payee)}<br>${escapeHtml(view.iban)}</dd>
<dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(amount)}</dd><dt>${escapeHtml(text.reason)}</dt><dd>${escapeHtml(view.description)}</dd>
<dt>${escapeHtml(text.system)}</dt><dd>${escapeHtml(text.systems[view.system])}</dd></dl>
<form method="post" action="${escapeHtml(action)}"><label for="payerName">${escapeHtml(text.payerName)}</label>
<input id="payerName" name="payerName" type="text" required maxlength="140" value="${escapeHtml(payer?.name ?? '')}">
<label for="payerIban">${escapeHtml(text.payerIban)}</label><input id="payerIban" name="payerIban" type="text" required maxlength="42" value="${escapeHtml(payer?.iban ?? '')}">
<button type="submit" name="decision" value="pay">${escapeHtml(text.pay)}</button><button type="submit" class="secondary" name="decision" value="refuse">${escapeHtml(text.cancelPayment)}</button></form>`,
  );
}

export function paymentEndPage(
  language: PageLanguage,
  paid: boolean,
  backUrl: string | null,
): string {
  const text = pageText(language);
  const back = backUrl
    ? `<a class="button" href="${escapeHtml(backUrl)}">${escapeHtml(text.back)}</a>`
    : '';
  return page(
    language,
    paid ? text.paidTitle : text.refusedTitle,
    `<p role="status">${escapeHtml(paid ? text.paid : text.refused)}</p>${back}`,
  );
}
