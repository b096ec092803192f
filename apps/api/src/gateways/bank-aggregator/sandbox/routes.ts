import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { ConnectErrorClass } from '../bank-aggregator.ts';
import { sandboxBank } from './banks.ts';
import type { AggregatorSandbox, SandboxSession } from './aggregator-sandbox.ts';
import {
  accountsPage,
  bankPage,
  consentPage,
  endPage,
  expiredPage,
  loginPage,
  otpPage,
  pageLanguage,
  pageText,
  payerLanguage,
  paymentEndPage,
  paymentPage,
} from './hosted-pages.ts';

/*
 * The aggregator sandbox's HTTP face: its hosted pages (connect flow and payment page), reached by
 * the secret link of a session, no bearer token (the link is the access). Mounted under
 * `/api/ob-sandbox` on sandbox instances; hidden from the OpenAPI document (it is the
 * aggregator's, not the provider's API). Forms post as application/x-www-form-urlencoded (16 KiB
 * at most); every answer is HTML, an unknown link a 404 page.
 */

const HIDDEN = { hide: true } as const;
type Form = Record<string, string | string[]>;

function field(form: Form | undefined, name: string): string {
  const value = form?.[name];
  return (Array.isArray(value) ? value[0] : value)?.slice(0, 200) ?? '';
}

function fields(form: Form | undefined, name: string): string[] {
  const value = form?.[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).slice(0, 20);
}

/** The console's address to go back to, with the flow's outcome for a failure. */
function backUrl(session: SandboxSession, errorClass: ConnectErrorClass | null): string | null {
  if (!session.returnUrl) return null;
  try {
    const url = new URL(session.returnUrl);
    if (errorClass) url.searchParams.set('error', errorClass);
    return url.toString();
  } catch {
    return null;
  }
}

export const bankAggregatorSandboxRoutes: FastifyPluginAsync<{
  sandbox: AggregatorSandbox;
}> = async (app, { sandbox }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      const form: Form = {};
      for (const [key, value] of new URLSearchParams(String(body))) {
        const known = form[key];
        form[key] =
          known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
      }
      done(null, form);
    },
  );

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

  /** The session of a link, or the answer for a link that is unknown or expired. */
  async function open(token: string, reply: FastifyReply) {
    const session = await sandbox.sessionOf(token);
    if (!session) {
      await html(reply, expiredPage('en'), 404);
      return null;
    }
    if (session.status === 'open' && sandbox.isExpired(session)) {
      await html(reply, expiredPage(pageLanguage(session.locale)), 410);
      return null;
    }
    return session;
  }

  const here = (token: string) => `./${encodeURIComponent(token)}`;

  app.get<{ Params: { token: string } }>(
    '/connect/:token',
    { schema: HIDDEN },
    async (request, reply) => {
      const { token } = request.params;
      const session = await open(token, reply);
      if (!session) return reply;
      const language = pageLanguage(session.locale);
      if (session.kind === 'payment') return html(reply, expiredPage(language), 404);
      if (session.status === 'failed')
        return html(
          reply,
          endPage(
            language,
            { ok: false, errorClass: (session.errorClass ?? 'GenericError') as ConnectErrorClass },
            backUrl(session, (session.errorClass ?? 'GenericError') as ConnectErrorClass),
          ),
        );
      if (session.status === 'done')
        return html(
          reply,
          endPage(
            language,
            { ok: true, reconnect: session.kind === 'reconnect' },
            backUrl(session, null),
          ),
        );
      const bank = sandboxBank(session.state.bank ?? '');
      // Relative actions: the page's address is /connect/{token}, its forms post beside it.
      const base = `./${encodeURIComponent(token)}/`;
      switch (session.state.step) {
        case 'login':
          return bank
            ? html(reply, loginPage(language, bank, `${base}login`))
            : html(reply, bankPage(language, `${base}bank`));
        case 'otp':
          return bank
            ? html(reply, otpPage(language, bank, `${base}otp`))
            : html(reply, bankPage(language, `${base}bank`));
        case 'accounts':
          return bank
            ? html(reply, accountsPage(language, bank, `${base}accounts`))
            : html(reply, bankPage(language, `${base}bank`));
        case 'consent':
          return bank
            ? html(reply, consentPage(language, bank, `${base}consent`))
            : html(reply, bankPage(language, `${base}bank`));
        default:
          return html(reply, bankPage(language, `${base}bank`));
      }
    },
  );

  app.post<{ Params: { token: string; step: string }; Body: Form }>(
    '/connect/:token/:step',
    { schema: HIDDEN },
    async (request, reply) => {
      const { token } = request.params;
      const session = await open(token, reply);
      if (!session) return reply;
      const form = request.body;
      if (session.kind !== 'payment' && session.status === 'open') {
        switch (request.params.step) {
          case 'bank':
            await sandbox.chooseBank(session, field(form, 'bank'));
            break;
          case 'login':
            await sandbox.login(session, field(form, 'username'), field(form, 'password'));
            break;
          case 'otp':
            await sandbox.otp(session, field(form, 'code'));
            break;
          case 'accounts':
            if (!(await sandbox.pickAccounts(session, fields(form, 'account')))) {
              const bank = sandboxBank(session.state.bank ?? '');
              const language = pageLanguage(session.locale);
              if (bank && session.state.step === 'accounts')
                return html(
                  reply,
                  accountsPage(language, bank, './accounts', pageText(language).pickOne),
                  422,
                );
            }
            break;
          case 'consent':
            await sandbox.consent(
              session,
              field(form, 'decision') === 'give',
              Number(field(form, 'days')),
            );
            break;
          default:
            break;
        }
      }
      // Back to the flow's page, which shows where it now stands (its address is one level up).
      return reply
        .code(303)
        .header('location', `../${encodeURIComponent(token)}`)
        .send();
    },
  );

  async function paymentView(session: SandboxSession) {
    const payment = await sandbox.paymentOfSession(session);
    return {
      payment,
      view: {
        payee: session.state.payee ?? payment.account.name,
        iban: payment.account.iban ?? '',
        amount: payment.row.amount,
        currencyCode: payment.row.currencyCode,
        description: payment.row.description,
        system: payment.row.system as 'sepa' | 'sepa_instant',
      },
    };
  }

  app.get<{ Params: { token: string } }>(
    '/pay/:token',
    { schema: HIDDEN },
    async (request, reply) => {
      const { token } = request.params;
      const session = await open(token, reply);
      if (!session) return reply;
      const language = payerLanguage(request.headers['accept-language'], session.locale);
      if (session.kind !== 'payment') return html(reply, expiredPage(language), 404);
      const { payment, view } = await paymentView(session);
      if (payment.status === 'accepted' || payment.status === 'pending')
        return html(reply, paymentEndPage(language, true, session.returnUrl));
      if (payment.status === 'rejected')
        return html(reply, paymentEndPage(language, false, session.returnUrl));
      if (payment.status !== 'created')
        return html(reply, expiredPage(language, pageText(language).payExpired), 410);
      return html(reply, paymentPage(language, view, here(token)));
    },
  );

  app.post<{ Params: { token: string }; Body: Form }>(
    '/pay/:token',
    { schema: HIDDEN },
    async (request, reply) => {
      const { token } = request.params;
      const session = await open(token, reply);
      if (!session) return reply;
      const language = payerLanguage(request.headers['accept-language'], session.locale);
      if (session.kind !== 'payment') return html(reply, expiredPage(language), 404);
      const form = request.body;
      if (field(form, 'decision') === 'refuse') {
        await sandbox.refusePayment(session);
      } else {
        const name = field(form, 'payerName').trim();
        const iban = electronicFormatIBAN(field(form, 'payerIban')) ?? '';
        if (!name || !isValidIBAN(iban)) {
          const { view } = await paymentView(session);
          return html(
            reply,
            paymentPage(language, view, here(token), pageText(language).payInvalid, {
              name,
              iban: field(form, 'payerIban'),
            }),
            422,
          );
        }
        await sandbox.pay(session, name, iban);
      }
      return reply.code(303).header('location', here(token)).send();
    },
  );
};
