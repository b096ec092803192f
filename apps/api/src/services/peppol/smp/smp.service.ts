import { X509Certificate } from 'node:crypto';
import type { PeppolCapability } from '@fiscus/contracts';
import {
  checkParticipantId,
  DOCUMENT_TYPE_SCHEME,
  PARTICIPANT_SCHEME,
} from '@fiscus/peppol-messages';
import { participantHash } from '@fiscus/peppol-messages/sml';
import { serviceGroupXml, signedServiceMetadataXml } from '@fiscus/peppol-messages/smp';
import { SANDBOX_SML_ZONE } from '../../../gateways/peppol/network.ts';
import type { SdiSigner } from '@fiscus/sdi-messages';
import type { LegalEntitiesRepository } from '../legal-entities/legal-entities.repository.ts';

/**
 * The sandbox network's SMP (Peppol SMP 1.x REST, read side): a participant's ServiceGroup and
 * each registered document type's SignedServiceMetadata, for the legal entities of this instance
 * whose SMP registration is on, with the sandbox access point as their AS4 endpoint. Public, as a
 * real SMP is: a client written for the real network reads it. Unknown or unregistered: 404.
 */
export class SandboxSmpService {
  constructor(
    private readonly deps: {
      repository: LegalEntitiesRepository;
      signer: SdiSigner;
      /** The SMP's own base URL (its ServiceGroup links point there). */
      smpBaseUrl: string;
      /** The sandbox access point's AS4 address. */
      accessPointUrl: string;
    },
  ) {}

  /** The public key that verifies what this SMP signs. */
  get publicKeyPem(): string {
    return this.deps.signer.publicKeyPem;
  }

  /** `iso6523-actorid-upis::0208:…` → the registered legal entity, or undefined. */
  private async registered(participant: string) {
    const prefix = `${PARTICIPANT_SCHEME}::`;
    if (!participant.toLowerCase().startsWith(prefix)) return undefined;
    const check = checkParticipantId(participant.slice(prefix.length));
    if (!check.ok) return undefined;
    const row = await this.deps.repository.findRegistered(
      check.participant.icd,
      check.participant.value,
    );
    return row ? { row, id: `${row.identifierScheme}:${row.identifierValue}` } : undefined;
  }

  /**
   * The sandbox SML's answer for a host name (`<hash>.iso6523-actorid-upis.<zone>`), as a DNS
   * resolver gives it: the U-NAPTR record pointing to this SMP (Peppol SML 1.3, "Meta:SMP"), or
   * NXDOMAIN (status 3) for a participant nobody registered.
   */
  async resolveSml(name: string): Promise<DnsJsonAnswer> {
    const host = name.trim().toLowerCase().replace(/\.$/, '');
    const suffix = `.${PARTICIPANT_SCHEME}.${SANDBOX_SML_ZONE}`;
    const question = [{ name: host, type: NAPTR }];
    const hash = host.endsWith(suffix) ? host.slice(0, -suffix.length) : '';
    if (hash === '' || hash.includes('.')) return { Status: 3, Question: question };
    const found = (await this.deps.repository.registered()).find(
      (row) => participantHash(`${row.identifierScheme}:${row.identifierValue}`) === hash,
    );
    if (!found) return { Status: 3, Question: question };
    return {
      Status: 0,
      Question: question,
      Answer: [
        {
          name: host,
          type: NAPTR,
          TTL: 60,
          data: `100 10 "U" "Meta:SMP" "!^.*$!${this.deps.smpBaseUrl}!" .`,
        },
      ],
    };
  }

  /**
   * The sandbox Peppol Directory: the participants registered here whose name contains `q`, or
   * the one named by `participant` (`iso6523-actorid-upis::0208:…`), with their document types.
   */
  async directory(
    query: { q?: string; participant?: string },
    now: Date,
  ): Promise<DirectoryAnswer> {
    let rows: Awaited<ReturnType<LegalEntitiesRepository['registered']>> = [];
    if (query.participant) {
      const check = checkParticipantId(query.participant);
      rows = check.participant
        ? await this.deps.repository.registered({
            scheme: check.participant.icd,
            value: check.participant.value,
            limit: 1,
          })
        : [];
    } else if (query.q && query.q.trim().length >= 3) {
      rows = await this.deps.repository.registered({ name: query.q.trim(), limit: 50 });
    }
    return {
      version: '1.0',
      'total-result-count': rows.length,
      'used-result-count': rows.length,
      'result-page-index': 0,
      'result-page-count': 1,
      'first-result-index': 0,
      'last-result-index': Math.max(0, rows.length - 1),
      'query-terms': query.participant ?? query.q ?? '',
      'creation-dt': now.toISOString(),
      matches: rows.map((row) => ({
        participantID: {
          scheme: PARTICIPANT_SCHEME,
          value: `${row.identifierScheme}:${row.identifierValue}`,
        },
        docTypes: [
          ...new Set(capabilitiesOf(row.capabilities).map((entry) => entry.documentType)),
        ].map((value) => ({ scheme: DOCUMENT_TYPE_SCHEME, value })),
        entities: [
          {
            name: [{ name: row.registeredName }],
            countryCode: row.country ?? '',
            regDate: row.createdAt.toISOString().slice(0, 10),
          },
        ],
      })),
    };
  }

  async serviceGroup(participant: string): Promise<string | undefined> {
    const found = await this.registered(participant);
    if (!found) return undefined;
    const documentTypes = [
      ...new Set(capabilitiesOf(found.row.capabilities).map((entry) => entry.documentType)),
    ];
    return serviceGroupXml({
      smpBaseUrl: this.deps.smpBaseUrl,
      participantId: found.id,
      documentTypes,
    });
  }

  async serviceMetadata(participant: string, documentType: string): Promise<string | undefined> {
    const found = await this.registered(participant);
    const prefix = `${DOCUMENT_TYPE_SCHEME}::`;
    if (!found || !documentType.startsWith(prefix)) return undefined;
    const value = documentType.slice(prefix.length);
    const processes = capabilitiesOf(found.row.capabilities)
      .filter((entry) => entry.documentType === value && entry.process)
      .map((entry) => entry.process as string);
    if (processes.length === 0) return undefined;
    const certificate = this.deps.signer.certificatePem
      ? new X509Certificate(this.deps.signer.certificatePem).raw.toString('base64')
      : '';
    return signedServiceMetadataXml(
      {
        participantId: found.id,
        documentType: value,
        processes: [...new Set(processes)].map((process) => ({
          process,
          endpoints: [
            {
              url: this.deps.accessPointUrl,
              certificate,
              description: 'Fiscus sandbox access point',
              technicalContactUrl: 'mailto:peppol@fiscus.test',
            },
          ],
        })),
      },
      this.deps.signer,
    );
  }
}

/** A DNS answer in the JSON of DNS over HTTPS (RFC 8484's JSON form, as public resolvers give it). */
export type DnsJsonAnswer = {
  Status: number;
  Question: { name: string; type: number }[];
  Answer?: { name: string; type: number; TTL: number; data: string }[];
};

/** The Peppol Directory's search answer (its REST API 1.0, JSON). */
export type DirectoryAnswer = {
  version: '1.0';
  'total-result-count': number;
  'used-result-count': number;
  'result-page-index': 0;
  'result-page-count': number;
  'first-result-index': 0;
  'last-result-index': number;
  'query-terms': string;
  'creation-dt': string;
  matches: {
    participantID: { scheme: string; value: string };
    docTypes: { scheme: string; value: string }[];
    entities: { name: { name: string }[]; countryCode: string; regDate?: string }[];
  }[];
};

const NAPTR = 35;

function capabilitiesOf(value: unknown): PeppolCapability[] {
  return Array.isArray(value) ? (value as PeppolCapability[]) : [];
}
