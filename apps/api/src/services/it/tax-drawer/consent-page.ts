import { escapeHtml } from '../../../platform/http/html.ts';
import type { ConsentOutcome, ConsentSubject } from './tax-drawer.service.ts';

/**
 * The sandbox portal's consent page, served by the API at the interactive set-up's link: the
 * Fisconline login form (the demo set is printed on it, as the sandbox accepts only that one), a
 * consent checkbox and button, then a page that says the credentials were stored. Plain HTML with
 * no script (the API's CSP allows none inline), in Italian, English or Polish by Accept-Language.
 */

export type ConsentLanguage = 'it' | 'en' | 'pl';

const TEXT = {
  it: {
    title: 'Agenzia delle Entrate: consenso al cassetto fiscale (sandbox)',
    intro:
      'Accedi con le credenziali Fisconline del titolare per consentire la consultazione del cassetto fiscale e il download delle fatture elettroniche di',
    codiceFiscale: 'Codice fiscale',
    password: 'Password',
    pin: 'PIN',
    consent:
      'Acconsento alla consultazione e al download delle mie fatture elettroniche da parte dell’intermediario.',
    submit: 'Accedi e acconsenti',
    demo: 'Credenziali demo del sandbox',
    expires: 'Il collegamento scade alle',
    stored: 'Credenziali salvate. Puoi chiudere questa scheda e tornare alla console.',
    storedTitle: 'Consenso registrato',
    'invalid-credentials': 'Credenziali non valide.',
    'no-consent': 'Per continuare devi dare il consenso.',
    incomplete: 'Codice fiscale, password e PIN sono obbligatori.',
  },
  en: {
    title: 'Agenzia delle Entrate: tax drawer consent (sandbox)',
    intro:
      'Sign in with the holder’s Fisconline credentials to allow the tax drawer to be read and the e-invoices downloaded for',
    codiceFiscale: 'Codice fiscale',
    password: 'Password',
    pin: 'PIN',
    consent: 'I allow the intermediary to read and download my e-invoices.',
    submit: 'Sign in and consent',
    demo: 'Sandbox demo credentials',
    expires: 'The link expires at',
    stored: 'Credentials stored. You can close this tab and go back to the console.',
    storedTitle: 'Consent recorded',
    'invalid-credentials': 'Invalid credentials.',
    'no-consent': 'You must give your consent to continue.',
    incomplete: 'Codice fiscale, password and PIN are required.',
  },
  pl: {
    title: 'Agenzia delle Entrate: zgoda na dostęp do szuflady podatkowej (sandbox)',
    intro:
      'Zaloguj się danymi Fisconline właściciela, aby zezwolić na odczyt szuflady podatkowej i pobieranie e-faktur dla',
    codiceFiscale: 'Codice fiscale',
    password: 'Hasło',
    pin: 'PIN',
    consent: 'Zezwalam pośrednikowi na odczyt i pobieranie moich e-faktur.',
    submit: 'Zaloguj i wyraź zgodę',
    demo: 'Dane demonstracyjne sandboxa',
    expires: 'Link wygasa o',
    stored: 'Dane zapisane. Możesz zamknąć tę kartę i wrócić do konsoli.',
    storedTitle: 'Zgoda zapisana',
    'invalid-credentials': 'Nieprawidłowe dane logowania.',
    'no-consent': 'Aby kontynuować, musisz wyrazić zgodę.',
    incomplete: 'Codice fiscale, hasło i PIN są wymagane.',
  },
} as const;

/** The first of it, en, pl the Accept-Language header names; Italian otherwise. */
export function consentLanguage(acceptLanguage: string | undefined): ConsentLanguage {
  for (const part of (acceptLanguage ?? '').slice(0, 200).split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'it' || tag === 'en' || tag === 'pl') return tag;
  }
  return 'it';
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f2f5f8;margin:0;color:#1a2b3c}
header{background:#06c;color:#fff;padding:16px 24px;font-weight:600}
main{max-width:480px;margin:32px auto;background:#fff;padding:24px;border-radius:8px;box-shadow:0 1px 4px #0002}
label{display:block;margin-top:12px;font-weight:600}input[type=text],input[type=password]{width:100%;padding:8px;box-sizing:border-box}
button{margin-top:16px;background:#06c;color:#fff;border:0;padding:10px 16px;border-radius:4px;font-size:1rem}
.consent{font-weight:400;display:flex;gap:8px;align-items:flex-start}main>p:first-child{margin-top:0}
.error{background:#fde8e8;color:#a00;padding:8px;border-radius:4px}.demo{font-size:.9rem;background:#eef4fb;padding:8px;border-radius:4px;margin-top:16px}`;

function page(language: ConsentLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header>${escapeHtml(title)}</header><main>${body}</main></body></html>`;
}

/** The login and consent form; `outcome` shows why the previous submission stored nothing. */
export function consentFormPage(input: {
  language: ConsentLanguage;
  subject: ConsentSubject;
  action: string;
  demo: { codiceFiscale: string; password: string; pin: string };
  outcome?: Exclude<ConsentOutcome, 'stored'>;
  codiceFiscale?: string;
}): string {
  const t = TEXT[input.language];
  const holder = `${input.subject.name ?? ''} (${input.subject.fiscalId})`.trim();
  const expires = new Intl.DateTimeFormat(input.language, {
    timeZone: 'Europe/Rome',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(input.subject.expiresAt);
  const error = input.outcome
    ? `<p class="error" role="alert">${escapeHtml(t[input.outcome])}</p>`
    : '';
  const body = `<p>${escapeHtml(t.intro)} <strong>${escapeHtml(holder)}</strong>.</p>${error}
<form method="post" action="${escapeHtml(input.action)}">
<label for="codice_fiscale">${escapeHtml(t.codiceFiscale)}</label>
<input type="text" id="codice_fiscale" name="codice_fiscale" maxlength="16" autocomplete="username" required value="${escapeHtml(input.codiceFiscale ?? '')}">
<label for="password">${escapeHtml(t.password)}</label>
<input type="password" id="password" name="password" maxlength="64" autocomplete="current-password" required>
<label for="pin">${escapeHtml(t.pin)}</label>
<input type="password" id="pin" name="pin" maxlength="64" autocomplete="off" required>
<label class="consent"><input type="checkbox" name="consent" value="yes"> ${escapeHtml(t.consent)}</label>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
<p class="demo">${escapeHtml(t.demo)}: ${escapeHtml(input.demo.codiceFiscale)} / ${escapeHtml(input.demo.password)} / PIN ${escapeHtml(input.demo.pin)}</p>
<p><small>${escapeHtml(t.expires)} ${escapeHtml(expires)}</small></p>`;
  return page(input.language, t.title, body);
}

/** The page after the credentials were stored. */
export function consentStoredPage(language: ConsentLanguage, subject: ConsentSubject): string {
  const t = TEXT[language];
  const holder = `${subject.name ?? ''} (${subject.fiscalId})`.trim();
  return page(
    language,
    t.storedTitle,
    `<p role="status"><strong>${escapeHtml(holder)}</strong></p><p>${escapeHtml(t.stored)}</p>`,
  );
}
