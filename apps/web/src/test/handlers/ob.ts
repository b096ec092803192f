/**
 * The open-banking API (`/api/ob`) in memory: an Italian business with two bank connections (a
 * current account and a card on one, a deposit account, disabled, on the other), a second
 * registry without data reading, their payments and transactions (one matched to an invoice, one
 * suggested with its candidates), the categories, a statement import and the webhooks with a
 * delivery log. Requests are checked with the API's schemas; collections page as the API does.
 */
import {
  obBusinessRegistryCreateSchema,
  obBusinessRegistryUpdateSchema,
  obCategories,
  obMatchConfirmSchema,
  obReceivePaymentSchema,
  obWebhookRequestSchema,
  webhookTargetMessages,
  type ObAccount,
  type ObBusinessRegistry,
  type ObMatchCandidate,
  type ObPayment,
  type ObSubscription,
  type ObTransaction,
  type ObWebhook,
} from '@fiscus/contracts';
import { http, HttpResponse, type PathParams } from 'msw';
import type { ObWebhookDelivery } from '../../features/ob-webhooks/api/webhook-queries';
import { apiUrl, notFound, parseBody, problem, unprocessable } from './http';

const NOW = '2026-12-01T10:00:00.000Z';

export const sampleObRegistry: ObBusinessRegistry = {
  uuid: '5b1f0c2e-7a43-4d8e-9c61-2f0e8d7b6a51',
  fiscalId: '12345678903',
  email: 'amministrazione@rossiforniture.it',
  businessName: 'Rossi Forniture S.r.l.',
  emailAlerts: true,
  locale: 'it',
  country: 'IT',
  enabled: true,
  subAccountId: null,
  accountsCount: 3,
  enabledAccountsCount: 2,
  createdAt: '2026-10-02T08:30:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

export const sampleObInactiveRegistry: ObBusinessRegistry = {
  uuid: '8d2e4f60-1b3c-4a5d-8e7f-901a2b3c4d5e',
  fiscalId: '09876543217',
  email: 'contabilita@bianchiceramiche.it',
  businessName: 'Bianchi Ceramiche S.p.A.',
  emailAlerts: false,
  locale: 'it',
  country: 'IT',
  enabled: false,
  subAccountId: null,
  accountsCount: 0,
  enabledAccountsCount: 0,
  createdAt: '2026-11-15T14:00:00.000Z',
  updatedAt: '2026-11-15T14:00:00.000Z',
};

const CONNECTION_MAIN = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const CONNECTION_DEPOSIT = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

export const sampleObCurrentAccount: ObAccount = {
  uuid: 'a1c2e3f4-0b1d-4e2f-8a3b-4c5d6e7f8091',
  name: 'Conto corrente ordinario',
  iban: 'IT60X0542811101000000123456',
  bban: null,
  swift: 'BPMOIT22XXX',
  balance: '15230.45',
  currencyCode: 'EUR',
  providerName: 'Banco BPM',
  nature: 'account',
  consentExpiresAt: '2027-03-01T00:00:00.000Z',
  enabled: true,
  connectionId: CONNECTION_MAIN,
  fiscalId: sampleObRegistry.fiscalId,
  paymentsCount: 2,
  lastSyncAt: '2026-12-01T06:00:00.000Z',
  createdAt: '2026-10-02T08:40:00.000Z',
};

export const sampleObCard: ObAccount = {
  uuid: 'b2d3f405-1c2e-4f30-9b4c-5d6e7f809102',
  name: 'Carta aziendale',
  iban: null,
  bban: '0542811101000000654321',
  swift: null,
  balance: '-320.10',
  currencyCode: 'EUR',
  providerName: 'Banco BPM',
  nature: 'card',
  consentExpiresAt: '2027-03-01T00:00:00.000Z',
  enabled: true,
  connectionId: CONNECTION_MAIN,
  fiscalId: sampleObRegistry.fiscalId,
  paymentsCount: 0,
  lastSyncAt: '2026-12-01T06:00:00.000Z',
  createdAt: '2026-10-02T08:40:00.000Z',
};

export const sampleObDepositAccount: ObAccount = {
  uuid: 'c3e4a516-2d3f-4a41-8c5d-6e7f80910213',
  name: 'Conto deposito',
  iban: 'IT82L0306909606100000063192',
  bban: null,
  swift: 'BCITITMM',
  balance: '50000.00',
  currencyCode: 'EUR',
  providerName: 'Intesa Sanpaolo',
  nature: 'savings',
  consentExpiresAt: null,
  enabled: false,
  connectionId: CONNECTION_DEPOSIT,
  fiscalId: sampleObRegistry.fiscalId,
  paymentsCount: 0,
  lastSyncAt: null,
  createdAt: '2026-10-10T10:00:00.000Z',
};

export const sampleObPayment: ObPayment = {
  uuid: 'd4f5a627-3e4a-4b52-9d6e-7f8091021324',
  createdAt: '2026-11-28T15:20:00.000Z',
  direction: 'inbound',
  system: 'sepa_instant',
  amount: '1220.00',
  currencyCode: 'EUR',
  status: 'accepted',
  description: 'Saldo fattura FT 2026/118',
  accountUuid: sampleObCurrentAccount.uuid,
  payerName: 'Verdi Costruzioni S.r.l.',
  payerIban: 'IT73K0200802435000104567890',
  connectUrl: null,
  invoiceUuid: null,
  updatedAt: '2026-11-28T15:25:00.000Z',
};

const secondPayment: ObPayment = {
  ...sampleObPayment,
  uuid: 'e5a6b738-4f5b-4c63-8e7f-809102132435',
  createdAt: '2026-11-30T09:00:00.000Z',
  system: 'sepa',
  amount: '310.50',
  status: 'created',
  description: 'Acconto ordine 45',
  payerName: null,
  payerIban: null,
  connectUrl: 'https://pay.example.com/ob/e5a6b738',
};

export const INVOICE_UUID = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c';
export const SECOND_INVOICE_UUID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

export const sampleMatchedTransaction: ObTransaction = {
  transactionId: 'f6b7c849-5a6c-4d74-9f80-910213243546',
  accountUuid: sampleObCurrentAccount.uuid,
  madeOn: '2026-11-28',
  postingDate: '2026-11-28',
  description: 'BONIFICO DA VERDI COSTRUZIONI SRL SALDO FT 2026/118',
  category: 'customer_payment',
  amount: '1220.00',
  currencyCode: 'EUR',
  status: 'posted',
  duplicated: false,
  payer: 'Verdi Costruzioni S.r.l.',
  payee: null,
  counterpartyIban: 'IT73K0200802435000104567890',
  endToEndId: 'E2E-20261128-0001',
  match: {
    state: 'matched',
    confidence: 0.98,
    reasons: [{ code: 'reference' }, { code: 'amount-exact' }],
    invoices: [
      { uuid: INVOICE_UUID, number: 'FT 2026/118', amount: '1220.00', date: '2026-10-30' },
    ],
  },
  createdAt: NOW,
  updatedAt: NOW,
};

export const sampleSuggestedTransaction: ObTransaction = {
  ...sampleMatchedTransaction,
  transactionId: '07c8d95a-6b7d-4e85-8a91-021324354657',
  madeOn: '2026-11-29',
  postingDate: null,
  description: 'BONIFICO NERI IMPIANTI FATT 2026/12O',
  amount: '854.00',
  status: 'pending',
  payer: 'Neri Impianti S.n.c.',
  counterpartyIban: 'IT82L0306909606100000063192',
  endToEndId: null,
  match: {
    state: 'suggested',
    confidence: 0.72,
    reasons: [{ code: 'reference-typo', value: '2026/120' }, { code: 'amount-exact' }],
    invoices: [
      { uuid: SECOND_INVOICE_UUID, number: 'FT 2026/120', amount: '854.00', date: '2026-11-05' },
    ],
  },
};

const supplierTransaction: ObTransaction = {
  ...sampleMatchedTransaction,
  transactionId: '18d9ea6b-7c8e-4f96-9ba2-132435465768',
  accountUuid: sampleObCard.uuid,
  madeOn: '2026-11-25',
  description: 'PAGAMENTO POS CARBURANTI',
  category: 'card_payment',
  amount: '-64.30',
  payer: null,
  payee: 'Carburanti Sud',
  counterpartyIban: null,
  endToEndId: null,
  match: null,
};

export const sampleCandidates: ObMatchCandidate[] = [
  {
    uuid: SECOND_INVOICE_UUID,
    number: 'FT 2026/120',
    date: '2026-11-05',
    openAmount: '854.00',
    currencyCode: 'EUR',
    buyerName: 'Neri Impianti S.n.c.',
    confidence: 0.72,
    reasons: [{ code: 'reference-typo', value: '2026/120' }, { code: 'amount-exact' }],
  },
  {
    uuid: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
    number: 'FT 2026/121',
    date: '2026-11-06',
    openAmount: '900.00',
    currencyCode: 'EUR',
    buyerName: 'Neri Impianti S.n.c.',
    confidence: 0.41,
    reasons: [{ code: 'name-similar' }, { code: 'future-rule' }],
  },
];

export const sampleObWebhook: ObWebhook = {
  uuid: '29eafb7c-8d9f-4a07-8cb3-243546576879',
  event: 'payment',
  targetUrl: 'https://erp.rossiforniture.it/hooks/ob-payment',
  authenticationType: 'header',
  authenticationKey: 'X-Api-Key',
  authenticationTokenHint: '••••f00d',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

export const sampleObDelivery: ObWebhookDelivery = {
  uuid: '3afb0c8d-9ea0-4b18-9dc4-35465768798a',
  event: 'ob:payment',
  status: 'delivered',
  attempt: 1,
  response_code: 200,
  duration_ms: 142,
  error: null,
  replay_of: null,
  created_at: '2026-11-28T15:25:00.000Z',
  updated_at: '2026-11-28T15:25:01.000Z',
  delivered_at: '2026-11-28T15:25:01.000Z',
};

/** Pages `all` as the API does (`page`, `itemsPerPage`) into a hydra collection. */
function page<T>(all: T[], url: URL) {
  const pageNumber = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
  const size = Math.max(1, Number(url.searchParams.get('itemsPerPage') ?? '30') || 30);
  const members = all.slice((pageNumber - 1) * size, pageNumber * size);
  return HttpResponse.json(
    {
      '@context': '/api/contexts/hydra',
      '@id': url.pathname,
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': all.length,
    },
    { headers: { 'Content-Type': 'application/ld+json; charset=utf-8' } },
  );
}

/** A multi-valued query parameter, as `system=a&system=b` or `system[]=a`. */
function many(url: URL, name: string): string[] {
  return [...url.searchParams.getAll(name), ...url.searchParams.getAll(`${name}[]`)];
}

function inDates(day: string, url: URL): boolean {
  const after = url.searchParams.get('madeOn[after]');
  const before = url.searchParams.get('madeOn[before]');
  return (!after || day >= after) && (!before || day <= before);
}

export function obHandlers() {
  const registries = [structuredClone(sampleObRegistry), structuredClone(sampleObInactiveRegistry)];
  const accounts = [
    structuredClone(sampleObCurrentAccount),
    structuredClone(sampleObCard),
    structuredClone(sampleObDepositAccount),
  ];
  const payments = [structuredClone(sampleObPayment), structuredClone(secondPayment)];
  const transactions = [
    structuredClone(sampleSuggestedTransaction),
    structuredClone(sampleMatchedTransaction),
    structuredClone(supplierTransaction),
  ];
  const webhooks = [structuredClone(sampleObWebhook)];

  const registryOf = (params: PathParams) =>
    registries.find((registry) => registry.fiscalId === params.fiscalId);
  const url = (path: string) => apiUrl('ob', path);

  return [
    http.get(url('/business-registry'), ({ request }) => {
      const address = new URL(request.url);
      const fiscalId = (address.searchParams.get('fiscalId') ?? '').toUpperCase();
      const name = (address.searchParams.get('businessName') ?? '').toLowerCase();
      return page(
        registries.filter(
          (registry) =>
            registry.fiscalId.startsWith(fiscalId) &&
            registry.businessName.toLowerCase().includes(name),
        ),
        address,
      );
    }),
    http.post(url('/business-registry'), async ({ request }) => {
      const body = await parseBody(request, obBusinessRegistryCreateSchema);
      if (!body.ok) return body.response;
      if (registries.some((registry) => registry.fiscalId === body.data.fiscalId)) {
        return unprocessable([
          {
            propertyPath: 'fiscalId',
            message: 'A business registry with this fiscal id already exists.',
            code: 'taken',
          },
        ]);
      }
      const created: ObBusinessRegistry = {
        ...sampleObInactiveRegistry,
        uuid: crypto.randomUUID(),
        fiscalId: body.data.fiscalId,
        email: body.data.email,
        businessName: body.data.businessName,
        emailAlerts: body.data.emailAlerts,
        locale: body.data.locale,
        country: body.data.country ?? null,
        createdAt: NOW,
        updatedAt: NOW,
      };
      registries.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get(url('/business-registry/:fiscalId'), ({ params }) => {
      const registry = registryOf(params);
      return registry ? HttpResponse.json(registry) : notFound();
    }),
    http.put(url('/business-registry/:fiscalId'), async ({ params, request }) => {
      const registry = registryOf(params);
      if (!registry) return notFound();
      const body = await parseBody(request, obBusinessRegistryUpdateSchema);
      if (!body.ok) return body.response;
      Object.assign(registry, {
        businessName: body.data.businessName,
        emailAlerts: body.data.emailAlerts ?? registry.emailAlerts,
        enabled: body.data.enabled ?? registry.enabled,
        updatedAt: NOW,
      });
      return HttpResponse.json(registry);
    }),
    http.delete(url('/business-registry/:fiscalId'), ({ params }) => {
      const index = registries.findIndex((registry) => registry.fiscalId === params.fiscalId);
      if (index < 0) return notFound();
      registries.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(url('/business-registry/:fiscalId/connect'), ({ params }) =>
      registryOf(params)
        ? HttpResponse.json({
            connectUrl: `http://localhost/api/ob/connect/session-${String(params.fiscalId)}`,
          })
        : notFound(),
    ),
    http.get(url('/business-registry/:fiscalId/subscription'), ({ params }) => {
      const registry = registryOf(params);
      if (!registry?.enabled) return notFound();
      const subscription: ObSubscription = {
        fiscal_id: registry.fiscalId,
        active: true,
        period_starts_at: '2026-10-02T00:00:00.000Z',
        period_ends_at: '2027-10-01T23:59:59.000Z',
        auto_renew: true,
        auto_renew_at: '2027-10-02T00:00:00.000Z',
        fee: '120.00',
      };
      return HttpResponse.json(subscription);
    }),
    http.get(url('/business-registry/:fiscalId/accounts'), ({ params, request }) =>
      registryOf(params)
        ? page(
            accounts.filter((account) => account.fiscalId === params.fiscalId),
            new URL(request.url),
          )
        : notFound(),
    ),
    http.get(url('/accounts/:uuid'), ({ params }) => {
      const account = accounts.find((entry) => entry.uuid === params.uuid);
      return account ? HttpResponse.json(account) : notFound();
    }),
    http.put(url('/accounts/:uuid'), async ({ params, request }) => {
      const account = accounts.find((entry) => entry.uuid === params.uuid);
      if (!account) return notFound();
      const body = (await request.json()) as { enabled?: unknown };
      if (typeof body.enabled !== 'boolean') {
        return unprocessable([{ propertyPath: 'enabled', message: 'Invalid value', code: 'x' }]);
      }
      account.enabled = body.enabled;
      return HttpResponse.json(account);
    }),
    http.get(url('/accounts/:uuid/reconnect'), ({ params }) =>
      accounts.some((entry) => entry.uuid === params.uuid)
        ? HttpResponse.json({
            reconnectUrl: `http://localhost/api/ob/connect/reconnect-${String(params.uuid)}`,
          })
        : notFound(),
    ),
    http.delete(url('/accounts/:uuid'), ({ params }) => {
      const account = accounts.find((entry) => entry.uuid === params.uuid);
      if (!account) return notFound();
      const connection = accounts.filter((entry) => entry.connectionId === account.connectionId);
      if (connection.some((entry) => entry.enabled || entry.paymentsCount > 0)) {
        return problem(
          409,
          'Conflict',
          'Every account of the connection must be disabled and without payments.',
        );
      }
      const removed = connection.map((entry) => entry.uuid);
      for (const uuid of removed) {
        accounts.splice(
          accounts.findIndex((entry) => entry.uuid === uuid),
          1,
        );
      }
      return HttpResponse.json({ removedAccounts: removed });
    }),
    http.get(url('/business-registry/:fiscalId/payments'), ({ params, request }) => {
      if (!registryOf(params)) return notFound();
      const address = new URL(request.url);
      const systems = many(address, 'system');
      const accountUuids = many(address, 'account.uuid');
      const owned = new Set(
        accounts.filter((entry) => entry.fiscalId === params.fiscalId).map((entry) => entry.uuid),
      );
      return page(
        payments.filter(
          (payment) =>
            owned.has(payment.accountUuid) &&
            (systems.length === 0 || systems.includes(payment.system)) &&
            (accountUuids.length === 0 || accountUuids.includes(payment.accountUuid)) &&
            inDates(payment.createdAt.slice(0, 10), address),
        ),
        address,
      );
    }),
    ...(['sepa', 'sepa-instant'] as const).map((system) =>
      http.post(url(`/payments/receive/${system}`), async ({ request }) => {
        const body = await parseBody(request, obReceivePaymentSchema);
        if (!body.ok) return body.response;
        const uuid = crypto.randomUUID();
        payments.unshift({
          ...secondPayment,
          uuid,
          createdAt: NOW,
          system: system === 'sepa' ? 'sepa' : 'sepa_instant',
          amount: Number(body.data.amount).toFixed(2),
          description: body.data.description,
          accountUuid: body.data.accountUuid,
          connectUrl: `https://pay.example.com/ob/${uuid}`,
        });
        return HttpResponse.json(
          { uuid, connectUrl: `https://pay.example.com/ob/${uuid}` },
          { status: 201 },
        );
      }),
    ),
    http.get(url('/business-registry/:fiscalId/transactions'), ({ params, request }) => {
      if (!registryOf(params)) return notFound();
      const address = new URL(request.url);
      const categories = many(address, 'category');
      const accountUuids = many(address, 'account.uuid');
      const status = address.searchParams.get('status');
      const duplicated = address.searchParams.get('duplicated');
      const owned = new Set(
        accounts.filter((entry) => entry.fiscalId === params.fiscalId).map((entry) => entry.uuid),
      );
      return page(
        transactions.filter(
          (transaction) =>
            owned.has(transaction.accountUuid) &&
            (categories.length === 0 || categories.includes(transaction.category)) &&
            (accountUuids.length === 0 || accountUuids.includes(transaction.accountUuid)) &&
            (!status || transaction.status === status) &&
            (!duplicated || String(transaction.duplicated) === duplicated) &&
            inDates(transaction.madeOn, address),
        ),
        address,
      );
    }),
    http.get(url('/categories'), ({ request }) =>
      page(
        obCategories.map((category) => ({ category })),
        new URL(request.url),
      ),
    ),
    http.get(url('/transactions/:transactionId/candidates'), ({ params, request }) =>
      transactions.some((entry) => entry.transactionId === params.transactionId)
        ? page(
            params.transactionId === sampleSuggestedTransaction.transactionId
              ? sampleCandidates
              : [],
            new URL(request.url),
          )
        : notFound(),
    ),
    http.put(url('/transactions/:transactionId/match'), async ({ params, request }) => {
      const transaction = transactions.find(
        (entry) => entry.transactionId === params.transactionId,
      );
      if (!transaction) return notFound();
      const body = await parseBody(request, obMatchConfirmSchema);
      if (!body.ok) return body.response;
      transaction.match = {
        state: 'matched',
        confidence: 1,
        reasons: [{ code: 'manual' }],
        invoices: body.data.invoices.map((invoice) => {
          const candidate = sampleCandidates.find((entry) => entry.uuid === invoice.uuid);
          return {
            uuid: invoice.uuid,
            number: candidate?.number ?? invoice.uuid,
            amount: invoice.amount,
            date: candidate?.date ?? '2026-11-01',
          };
        }),
      };
      return HttpResponse.json(transaction);
    }),
    http.delete(url('/transactions/:transactionId/match'), ({ params }) => {
      const transaction = transactions.find(
        (entry) => entry.transactionId === params.transactionId,
      );
      if (!transaction) return notFound();
      if (transaction.match) transaction.match = { ...transaction.match, state: 'rejected' };
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(url('/business-registry/:fiscalId/statements'), async ({ params, request }) => {
      if (!registryOf(params)) return notFound();
      const account = new URL(request.url).searchParams.get('account') ?? '';
      const text = await request.text();
      if (!text.includes('camt.05')) {
        return problem(
          422,
          'Unprocessable Content',
          'The file is not a camt.053 or camt.054 statement.',
          {
            violations: [
              {
                propertyPath: 'file',
                message: 'The document element is missing.',
                code: 'camt-invalid',
              },
            ],
          },
        );
      }
      return HttpResponse.json({
        // Without an account, the file's own one: found by its IBAN, else made.
        accountUuid: account || crypto.randomUUID(),
        accountCreated: account === '',
        entries: 12,
        added: 9,
        alreadyKnown: 3,
        matched: 5,
        suggested: 2,
      });
    }),
    http.get(url('/webhooks'), ({ request }) => page(webhooks, new URL(request.url))),
    http.post(url('/webhooks'), async ({ request }) => {
      const body = await parseBody(request, obWebhookRequestSchema);
      if (!body.ok) return body.response;
      if (/^https?:\/\/(localhost|127\.|10\.|192\.168\.)/.test(body.data.targetUrl)) {
        return unprocessable([
          {
            propertyPath: 'targetUrl',
            message: webhookTargetMessages.privateTarget,
            code: 'invalid',
          },
        ]);
      }
      const created: ObWebhook = {
        uuid: crypto.randomUUID(),
        event: body.data.event,
        targetUrl: body.data.targetUrl,
        authenticationType: body.data.authenticationType,
        authenticationKey: body.data.authenticationKey ?? null,
        authenticationTokenHint: body.data.authenticationToken ? '••••' : null,
        createdAt: NOW,
        updatedAt: NOW,
      };
      webhooks.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get(url('/webhooks/:uuid'), ({ params }) => {
      const webhook = webhooks.find((entry) => entry.uuid === params.uuid);
      return webhook ? HttpResponse.json(webhook) : notFound();
    }),
    http.put(url('/webhooks/:uuid'), async ({ params, request }) => {
      const webhook = webhooks.find((entry) => entry.uuid === params.uuid);
      if (!webhook) return notFound();
      const body = await parseBody(request, obWebhookRequestSchema);
      if (!body.ok) return body.response;
      Object.assign(webhook, {
        event: body.data.event,
        targetUrl: body.data.targetUrl,
        authenticationType: body.data.authenticationType,
        authenticationKey: body.data.authenticationKey ?? null,
        updatedAt: NOW,
      });
      return HttpResponse.json(webhook);
    }),
    http.delete(url('/webhooks/:uuid'), ({ params }) => {
      const index = webhooks.findIndex((entry) => entry.uuid === params.uuid);
      if (index < 0) return notFound();
      webhooks.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(url('/webhooks/:uuid/deliveries'), ({ params, request }) =>
      webhooks.some((entry) => entry.uuid === params.uuid)
        ? page(params.uuid === sampleObWebhook.uuid ? [sampleObDelivery] : [], new URL(request.url))
        : notFound(),
    ),
  ];
}
