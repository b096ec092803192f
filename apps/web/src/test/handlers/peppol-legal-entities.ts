/**
 * In-memory Peppol legal entities of both domains (`/api/peppol/{it,be}/legal-entities`) with
 * their SMP registration, and the document types and processes a capability names. Requests are
 * checked with the API's schemas; like the API, a participant identifier already registered is
 * refused on `identifierValue` (`identifier_taken`), a registration without capabilities on
 * `capabilities`, an Italian capability of an unknown document type on its row.
 */
import {
  PEPPOL_LEGAL_ENTITY_MESSAGES,
  peppolLegalEntityRequestSchema,
  peppolSmpSchema,
  type PeppolCode,
  type PeppolLegalEntity,
  type Violation,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, parseBody, unprocessable } from './http';
import { memoryResource } from './memory-resource';

const NOW = '2026-12-01T10:00:00.000Z';

export const BIS_BILLING_INVOICE =
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
export const BIS_BILLING_CREDIT_NOTE =
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
export const BIS_BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const DOCUMENT_TYPE_SCHEME = 'busdox-docid-qns';
const PROCESS_SCHEME = 'cenbii-procid-ubl';

export const sampleItalianEntity: PeppolLegalEntity = {
  uuid: '5b2f9c1e-7d4a-4e8b-9f3c-2a1b0c9d8e7f',
  registeredName: 'GAMMA PEPPOL SRL',
  identifierScheme: '0211',
  identifierValue: 'IT09753108647',
  address: 'Via Roma 1',
  zipCode: '00100',
  country: 'IT',
  stateOrProvince: 'RM',
  city: 'Roma',
  receivedDocumentNotificationEmails: ['peppol@demo.fiscus.test'],
  smpEnabled: true,
  capabilities: [
    {
      documentType: BIS_BILLING_INVOICE,
      process: BIS_BILLING_PROCESS,
      documentTypeScheme: DOCUMENT_TYPE_SCHEME,
      processScheme: PROCESS_SCHEME,
    },
  ],
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:30:00.000Z',
};

export const sampleBelgianEntity: PeppolLegalEntity = {
  uuid: '6c3a0d2f-8e5b-4f9c-a04d-3b2c1d0e9f8a',
  registeredName: 'Delta Peppol BV',
  identifierScheme: '0208',
  identifierValue: '0123456749',
  address: null,
  zipCode: null,
  country: 'BE',
  stateOrProvince: null,
  city: 'Brussel',
  receivedDocumentNotificationEmails: [],
  smpEnabled: true,
  capabilities: [
    {
      documentType: BIS_BILLING_INVOICE,
      process: BIS_BILLING_PROCESS,
      documentTypeScheme: DOCUMENT_TYPE_SCHEME,
      processScheme: PROCESS_SCHEME,
    },
  ],
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

/** A long name, as the code list has them, to see that it fits. */
export const sampleDocumentTypes: PeppolCode[] = [
  {
    name: 'Peppol BIS Billing UBL Invoice V3',
    value: BIS_BILLING_INVOICE,
    scheme: DOCUMENT_TYPE_SCHEME,
  },
  {
    name: 'Peppol BIS Billing UBL Credit Note V3',
    value: BIS_BILLING_CREDIT_NOTE,
    scheme: DOCUMENT_TYPE_SCHEME,
  },
  {
    name: 'Peppol Order transaction 3.0 restricted to the Italian NSO (Nodo Smistamento Ordini) profile',
    value:
      'urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3:restrictive:urn:www.agid.gov.it:trns:ordine:3.1::2.1',
    scheme: DOCUMENT_TYPE_SCHEME,
  },
];

export const sampleProcesses: PeppolCode[] = [
  { name: BIS_BILLING_PROCESS, value: BIS_BILLING_PROCESS, scheme: PROCESS_SCHEME },
  {
    name: 'urn:fdc:peppol.eu:poacc:bis:ordering:3',
    value: 'urn:fdc:peppol.eu:poacc:bis:ordering:3',
    scheme: PROCESS_SCHEME,
  },
];

const refused = (
  propertyPath: string,
  code: keyof typeof PEPPOL_LEGAL_ENTITY_MESSAGES,
): Violation => ({
  propertyPath,
  message: PEPPOL_LEGAL_ENTITY_MESSAGES[code],
  code,
});

function domainHandlers(domain: 'it' | 'be', seed: PeppolLegalEntity[]) {
  const entities = memoryResource(seed, (entity) => entity.uuid, 'uuid');
  const collection = apiUrl('peppol', `/${domain}/legal-entities`);
  const item = apiUrl('peppol', `/${domain}/legal-entities/:uuid`);
  const smp = apiUrl('peppol', `/${domain}/legal-entities/:uuid/smp`);
  const taken = (value: string, except?: string) =>
    entities.items.some((entity) => entity.identifierValue === value && entity.uuid !== except);
  return [
    http.get(collection, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const name = query.get('registeredName')?.toLowerCase() ?? '';
      const value = query.get('identifierValue')?.toLowerCase() ?? '';
      return hydraCollection(
        entities.items.filter(
          (entity) =>
            entity.registeredName.toLowerCase().includes(name) &&
            entity.identifierValue.toLowerCase().includes(value),
        ),
      );
    }),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, peppolLegalEntityRequestSchema);
      if (!body.ok) return body.response;
      if (domain === 'be' && body.data.identifierScheme !== '0208') {
        return unprocessable([refused('identifierScheme', 'belgian_scheme')]);
      }
      if (taken(body.data.identifierValue)) {
        return unprocessable([refused('identifierValue', 'identifier_taken')]);
      }
      return entities.create({
        uuid: crypto.randomUUID(),
        registeredName: body.data.registeredName,
        identifierScheme: body.data.identifierScheme,
        identifierValue: body.data.identifierValue,
        address: body.data.address ?? null,
        zipCode: body.data.zipCode ?? null,
        country: body.data.country ?? null,
        stateOrProvince: body.data.stateOrProvince ?? null,
        city: body.data.city ?? null,
        receivedDocumentNotificationEmails: body.data.receivedDocumentNotificationEmails ?? [],
        smpEnabled: false,
        capabilities: [],
        createdAt: NOW,
        updatedAt: NOW,
      });
    }),
    http.get(item, entities.read),
    http.put(item, ({ request, params }) =>
      entities.update(params, async (current) => {
        const body = await parseBody(request, peppolLegalEntityRequestSchema);
        if (!body.ok) return body.response;
        if (taken(body.data.identifierValue, current.uuid)) {
          return unprocessable([refused('identifierValue', 'identifier_taken')]);
        }
        return {
          ...current,
          ...body.data,
          address: body.data.address ?? null,
          zipCode: body.data.zipCode ?? null,
          country: body.data.country ?? null,
          stateOrProvince: body.data.stateOrProvince ?? null,
          city: body.data.city ?? null,
          receivedDocumentNotificationEmails: body.data.receivedDocumentNotificationEmails ?? [],
          updatedAt: NOW,
        };
      }),
    ),
    http.delete(item, entities.remove),
    http.get(smp, ({ params }) => {
      const entity = entities.find(params);
      return entity
        ? HttpResponse.json({ enabled: entity.smpEnabled, capabilities: entity.capabilities })
        : notFound();
    }),
    http.put(smp, async ({ request, params }) => {
      const entity = entities.find(params);
      if (!entity) return notFound();
      const body = await parseBody(request, peppolSmpSchema);
      if (!body.ok) return body.response;
      const violations: Violation[] = [];
      if (body.data.enabled && body.data.capabilities.length === 0) {
        violations.push(refused('capabilities', 'capabilities_required'));
      }
      body.data.capabilities.forEach((capability, index) => {
        if (!sampleDocumentTypes.some((type) => type.value === capability.documentType)) {
          violations.push(refused(`capabilities[${index}].documentType`, 'document_type_unknown'));
        }
      });
      if (violations.length > 0) return unprocessable(violations);
      entity.smpEnabled = body.data.enabled;
      entity.capabilities = body.data.capabilities.map((capability) => ({
        documentTypeScheme: DOCUMENT_TYPE_SCHEME,
        processScheme: PROCESS_SCHEME,
        process: BIS_BILLING_PROCESS,
        ...capability,
      }));
      entity.updatedAt = NOW;
      return HttpResponse.json({ enabled: entity.smpEnabled, capabilities: entity.capabilities });
    }),
    http.get(apiUrl('peppol', `/${domain}/document-types`), () =>
      HttpResponse.json(domain === 'be' ? sampleDocumentTypes.slice(0, 2) : sampleDocumentTypes),
    ),
    http.get(apiUrl('peppol', `/${domain}/processes`), () =>
      HttpResponse.json(domain === 'be' ? sampleProcesses.slice(0, 1) : sampleProcesses),
    ),
  ];
}

export function peppolLegalEntitiesHandlers(
  italy: PeppolLegalEntity[] = [structuredClone(sampleItalianEntity)],
  belgium: PeppolLegalEntity[] = [structuredClone(sampleBelgianEntity)],
) {
  return [...domainHandlers('it', italy), ...domainHandlers('be', belgium)];
}
