/**
 * An in-memory `/api/it/business-registry-configurations` resource (the account's companies, keyed
 * by fiscal id) with its smart receipt settings and sub-account links, and what the registry page
 * reads besides: the recipient code (`/api/it/users/me/recipient-code`) and the user settings
 * with the verified-supplier switch (`/api/common/users/me/settings`, `…/accept-only-verified-invoices`).
 * Requests are checked with the API's schemas; like the API, a registry restricting a webhook
 * cannot be deleted (409), a used fiscal id is a 422 and an unknown sub-account too.
 * The registry dialog's other tabs: the tax drawer's Fisconline credentials (only the demo set
 * is accepted, anything else is the 422 INVALID_CREDENTIALS; the interactive set-up needs a phone
 * number), the invoice-download schedule (`/api/it/schedule/invoice-download/{fiscalId}`: 409
 * when activated twice or changed while inactive) and the rejected invoices
 * (`/api/it/rejected-invoices/{fiscalId}/count|recover`: 422 CREDENTIALS_MISSING without
 * credentials; recovering imports the pending ones once).
 */
import {
  acceptOnlyVerifiedRequestSchema,
  businessRegistryConfigurationRequestSchema,
  businessRegistryConfigurationUpdateSchema,
  fisconlineCredentialsSchema,
  INVALID_CREDENTIALS_CODE,
  invoiceDownloadActivationSchema,
  invoiceDownloadScheduleUpdateSchema,
  rejectedInvoicesRangeSchema,
  taxPortalMessages,
  receiptSettingsSchema,
  registryMessages,
  registrySubAccountRequestSchema,
  violationCodes,
  type BusinessRegistryConfiguration,
  type BusinessRegistryConfigurationUpdate,
  type FisconlineCredentialsStatus,
  type InvoiceDownloadSchedule,
  type RejectedInvoicesRecovery,
  type UserSettings,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { sampleApiConfiguration, sampleRegistry } from './api-configurations';
import { apiUrl, hydraCollection, notFound, parseBody, problem, unprocessable } from './http';
import { memoryResource } from './memory-resource';
import { sampleSubAccount } from './sub-accounts';

const registryIri = (fiscalId: string) => `/api/it/business-registry-configurations/${fiscalId}`;

/** A second company, with smart receipts and the demo sub-account linked. */
export const sampleReceiptsRegistry: BusinessRegistryConfiguration = {
  ...sampleRegistry,
  '@id': registryIri('RSSMRA80A01H501U'),
  uuid: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  fiscal_id: 'RSSMRA80A01H501U',
  name: 'Mario Rossi',
  email: 'mario@example.com',
  supplier_invoice_enabled: false,
  apply_signature: true,
  receipts_enabled: true,
  sub_accounts: [sampleSubAccount.email],
  phone_number: '+393331234567',
  receipts_alert_recipients: ['alerts@example.com'],
};

/** The sub-accounts the handlers know (a link to any other email is the API's 422). */
export const knownSubAccounts = [sampleSubAccount.email, 'second@demo.fiscus.test'];

/** The Fisconline set the tax portal sandbox accepts (README "Tax portal sandbox"). */
export const demoFisconline = {
  codice_fiscale: 'RSSMRA80A01F205X',
  password: 'Fisconline.2026',
  pin: '1234567890',
};

/** What the cassetto holds of one fiscal id's rejected invoices. */
export interface RejectedInCassetto {
  /** Rejected by SDI in any range asked. */
  count: number;
  /** Not among the customer invoices yet. */
  pending: number;
}

export interface BusinessRegistryHandlerOptions {
  registries?: BusinessRegistryConfiguration[];
  recipientCode?: string | null;
  settings?: UserSettings;
  now?: string;
  /** Fiscal ids with stored Fisconline credentials (none by default). */
  credentials?: Record<string, FisconlineCredentialsStatus>;
  /** Invoice-download schedules by fiscal id (inactive by default). */
  schedules?: Record<string, InvoiceDownloadSchedule>;
  /** Rejected invoices by fiscal id (none by default). */
  rejected?: Record<string, RejectedInCassetto>;
}

const inactiveSchedule: InvoiceDownloadSchedule = {
  enabled: false,
  valid_until: null,
  auto_renew: false,
};

function matches(registry: BusinessRegistryConfiguration, query: URLSearchParams) {
  const text = (name: string, value: string | null) =>
    (value ?? '').toLowerCase().includes((query.get(name) ?? '').toLowerCase());
  const flag = (name: string, value: boolean) => {
    const wanted = query.get(name);
    return wanted === null || wanted === '' || String(value) === wanted;
  };
  return (
    text('fiscalId', registry.fiscal_id) &&
    text('email', registry.email) &&
    text('name', registry.name) &&
    flag('supplierInvoiceEnabled', registry.supplier_invoice_enabled) &&
    flag('applySignature', registry.apply_signature) &&
    flag('applyLegalStorage', registry.apply_legal_storage) &&
    flag('legalStorageActive', registry.legal_storage_active)
  );
}

export function businessRegistryHandlers({
  registries: seed = [sampleRegistry, sampleReceiptsRegistry],
  recipientCode = 'ABC1234',
  settings: seedSettings = {
    accept_only_verified_supplier_invoices: false,
    apply_signature: false,
  },
  now = '2026-11-22T09:00:00.000Z',
  credentials: seedCredentials = {},
  schedules: seedSchedules = {},
  rejected: seedRejected = {},
}: BusinessRegistryHandlerOptions = {}) {
  const credentials = new Map(Object.entries(seedCredentials));
  const schedules = new Map(Object.entries(seedSchedules));
  const rejected = new Map(Object.entries(seedRejected).map(([id, entry]) => [id, { ...entry }]));
  const registries = memoryResource(
    seed.map((registry) => ({ ...registry })),
    (registry) => registry.fiscal_id,
    'id',
  );
  let settings = { ...seedSettings };
  const collection = apiUrl('it', '/business-registry-configurations');
  const item = apiUrl('it', '/business-registry-configurations/:id');

  function links(body: BusinessRegistryConfigurationUpdate) {
    return (body.api_configurations ?? []).map((link) => {
      const uuid = (typeof link === 'string' ? link : link.uuid).split('/').at(-1) ?? '';
      return uuid === sampleApiConfiguration.uuid
        ? {
            '@id': sampleApiConfiguration['@id'],
            uuid,
            event: sampleApiConfiguration.event,
            target_url: sampleApiConfiguration.target_url,
          }
        : { '@id': `/api/it/api-configurations/${uuid}`, uuid, event: 'receipt', target_url: '' };
    });
  }

  function written(
    current: BusinessRegistryConfiguration | null,
    fiscalId: string,
    body: BusinessRegistryConfigurationUpdate,
  ): BusinessRegistryConfiguration {
    return {
      '@id': registryIri(fiscalId),
      uuid: current?.uuid ?? crypto.randomUUID(),
      fiscal_id: fiscalId,
      name: body.name ?? null,
      email: body.email ?? null,
      supplier_invoice_enabled: body.supplier_invoice_enabled ?? false,
      apply_signature: body.apply_signature ?? false,
      apply_legal_storage: body.apply_legal_storage ?? false,
      legal_storage_active: body.apply_legal_storage ?? false,
      receipts_enabled: body.receipts_enabled ?? false,
      api_configurations: links(body),
      sub_accounts: current?.sub_accounts ?? [],
      phone_number:
        body.phone_number === undefined ? (current?.phone_number ?? null) : body.phone_number,
      receipts_alert_recipients:
        body.receipts_alert_recipients ?? current?.receipts_alert_recipients ?? [],
      created_at: current?.created_at ?? now,
      updated_at: now,
    };
  }

  const credentialsOf = (fiscalId: string): FisconlineCredentialsStatus =>
    credentials.get(fiscalId) ?? { credentials_set: false, set_at: null, source: null };
  const schedule = apiUrl('it', '/schedule/invoice-download/:fiscalId');
  const rejectedItem = apiUrl('it', '/rejected-invoices/:fiscalId');
  const knownFiscalId = (params: Record<string, unknown>) =>
    registries.find({ id: String(params.fiscalId) }) !== undefined;
  // As the API refuses: on the fiscal id, in English, with the code and the fiscal id.
  const credentialsMissing = (fiscalId: string) =>
    unprocessable([
      {
        propertyPath: 'fiscal_id',
        message:
          'Store the Fisconline credentials of this business registry configuration (tax drawer tab) first.',
        code: 'CREDENTIALS_MISSING',
        parameters: { fiscal_id: fiscalId },
      },
    ]);
  const changeSchedule = (fiscalId: string, next: InvoiceDownloadSchedule) => {
    schedules.set(fiscalId, next);
    return HttpResponse.json(next);
  };
  const conflict = (detail: string) => problem(409, 'Conflict', detail);

  const taxPortal = [
    http.get(`${item}/credentials/fisconline`, ({ params }) => {
      if (!registries.find(params)) return notFound();
      return HttpResponse.json(credentialsOf(String(params.id)));
    }),
    http.put(`${item}/credentials/fisconline`, async ({ request, params }) => {
      if (!registries.find(params)) return notFound();
      const body = await parseBody(request, fisconlineCredentialsSchema);
      if (!body.ok) return body.response;
      const { codice_fiscale: codiceFiscale, password, pin } = body.data;
      if (
        codiceFiscale !== demoFisconline.codice_fiscale ||
        password !== demoFisconline.password ||
        pin !== demoFisconline.pin
      ) {
        return unprocessable([
          {
            propertyPath: '',
            message: taxPortalMessages.invalidCredentials,
            code: INVALID_CREDENTIALS_CODE,
          },
        ]);
      }
      const status: FisconlineCredentialsStatus = {
        credentials_set: true,
        set_at: now,
        source: 'form',
      };
      credentials.set(String(params.id), status);
      return HttpResponse.json(status);
    }),
    http.post(`${item}/credentials/fisconline/interactive`, ({ params }) => {
      const current = registries.find(params);
      if (!current) return notFound();
      if (!current.phone_number) {
        return unprocessable([
          {
            propertyPath: 'phone_number',
            message: taxPortalMessages.phoneRequired,
            code: 'is_blank',
          },
        ]);
      }
      return HttpResponse.json({
        url: `http://localhost/api/it/tax-portal/consent/token-${current.fiscal_id}`,
        expires_at: now,
      });
    }),
    http.get(schedule, ({ params }) => {
      if (!knownFiscalId(params)) return notFound();
      return HttpResponse.json(schedules.get(String(params.fiscalId)) ?? inactiveSchedule);
    }),
    http.post(schedule, async ({ request, params }) => {
      if (!knownFiscalId(params)) return notFound();
      const fiscalId = String(params.fiscalId);
      if (schedules.get(fiscalId)?.enabled) return conflict('The download is already active.');
      const body = invoiceDownloadActivationSchema.parse(await request.json().catch(() => null));
      const until = new Date(Date.parse(now) + 365 * 86_400_000).toISOString().slice(0, 10);
      return changeSchedule(fiscalId, {
        enabled: true,
        valid_until: until,
        auto_renew: body?.auto_renew ?? false,
      });
    }),
    http.put(schedule, async ({ request, params }) => {
      if (!knownFiscalId(params)) return notFound();
      const fiscalId = String(params.fiscalId);
      const current = schedules.get(fiscalId);
      if (!current?.enabled) return conflict('The download is not active.');
      const body = await parseBody(request, invoiceDownloadScheduleUpdateSchema);
      if (!body.ok) return body.response;
      return changeSchedule(fiscalId, { ...current, auto_renew: body.data.auto_renew });
    }),
    http.delete(schedule, ({ params }) => {
      if (!knownFiscalId(params)) return notFound();
      const fiscalId = String(params.fiscalId);
      if (!schedules.get(fiscalId)?.enabled) return conflict('The download is not active.');
      schedules.set(fiscalId, inactiveSchedule);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${rejectedItem}/count`, ({ request, params }) => {
      if (!knownFiscalId(params)) return notFound();
      const fiscalId = String(params.fiscalId);
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const range = rejectedInvoicesRangeSchema.safeParse(query);
      if (!range.success) return unprocessable([]);
      if (!credentialsOf(fiscalId).credentials_set) return credentialsMissing(fiscalId);
      return HttpResponse.json(rejected.get(fiscalId) ?? { count: 0, pending: 0 });
    }),
    http.post(`${rejectedItem}/recover`, async ({ request, params }) => {
      if (!knownFiscalId(params)) return notFound();
      const fiscalId = String(params.fiscalId);
      const body = await parseBody(request, rejectedInvoicesRangeSchema);
      if (!body.ok) return body.response;
      if (!credentialsOf(fiscalId).credentials_set) return credentialsMissing(fiscalId);
      const entry = rejected.get(fiscalId) ?? { count: 0, pending: 0 };
      const recovery: RejectedInvoicesRecovery = {
        recovered: Array.from({ length: entry.pending }, (_, index) => ({
          uuid: crypto.randomUUID(),
          sdi_id: String(7_700_000 + index),
          file_name: `IT${fiscalId}_R${index + 1}.xml`,
          rejected_at: now,
        })),
        skipped: entry.count - entry.pending,
        failed: [],
      };
      rejected.set(fiscalId, { count: entry.count, pending: 0 });
      return HttpResponse.json(recovery);
    }),
  ];

  return [
    ...taxPortal,
    http.get(apiUrl('it', '/users/me/recipient-code'), () =>
      HttpResponse.json({ recipient_code: recipientCode }),
    ),
    http.get(apiUrl('common', '/users/me/settings'), () => HttpResponse.json(settings)),
    http.put(apiUrl('common', '/users/me/accept-only-verified-invoices'), async ({ request }) => {
      const body = await parseBody(request, acceptOnlyVerifiedRequestSchema);
      if (!body.ok) return body.response;
      settings = { ...settings, ...body.data };
      return HttpResponse.json(settings);
    }),
    http.get(collection, ({ request }) => {
      const query = new URL(request.url).searchParams;
      return hydraCollection(registries.items.filter((registry) => matches(registry, query)));
    }),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, businessRegistryConfigurationRequestSchema);
      if (!body.ok) return body.response;
      if (registries.find({ id: body.data.fiscal_id })) {
        return unprocessable([
          {
            propertyPath: 'fiscal_id',
            message: registryMessages.fiscalIdUsed,
            code: violationCodes.alreadyUsed,
          },
        ]);
      }
      return registries.create(written(null, body.data.fiscal_id, body.data));
    }),
    http.get(item, registries.read),
    http.put(item, ({ request, params }) =>
      registries.update(params, async (current) => {
        const body = await parseBody(request, businessRegistryConfigurationUpdateSchema);
        if (!body.ok) return body.response;
        return written(current, current.fiscal_id, body.data);
      }),
    ),
    http.delete(item, (info) => {
      const current = registries.find(info.params);
      if (current && current.api_configurations.length > 0) {
        return problem(
          409,
          'Conflict',
          `This business registry configuration restricts ${current.api_configurations.length} API configuration(s); remove it from them first.`,
        );
      }
      return registries.remove(info);
    }),
    http.get(`${item}/receipt-settings`, ({ params }) => {
      const current = registries.find(params);
      if (!current) return notFound();
      return HttpResponse.json({
        receipts_alert_recipients: current.receipts_alert_recipients,
        phone_number: current.phone_number,
      });
    }),
    http.put(`${item}/receipt-settings`, ({ request, params }) =>
      registries.update(params, async (current) => {
        const body = await parseBody(request, receiptSettingsSchema);
        if (!body.ok) return body.response;
        return {
          ...current,
          receipts_alert_recipients: body.data.receipts_alert_recipients,
          phone_number: body.data.phone_number ?? null,
        };
      }),
    ),
    http.post(`${item}/sub-accounts`, async ({ request, params }) => {
      const current = registries.find(params);
      if (!current) return notFound();
      const body = await parseBody(request, registrySubAccountRequestSchema);
      if (!body.ok) return body.response;
      if (!knownSubAccounts.includes(body.data.email)) {
        return unprocessable([
          {
            propertyPath: 'email',
            message: 'This sub-account does not exist.',
            code: violationCodes.notFound,
          },
        ]);
      }
      current.sub_accounts = [...new Set([...current.sub_accounts, body.data.email])];
      return HttpResponse.json(
        { email: body.data.email, fullname: null, fiscal_id: null, enabled: true },
        { status: 201 },
      );
    }),
    http.delete(`${item}/sub-accounts/:email`, ({ params }) => {
      const current = registries.find(params);
      if (!current || !current.sub_accounts.includes(String(params.email))) return notFound();
      current.sub_accounts = current.sub_accounts.filter((email) => email !== params.email);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
