import { X509Certificate } from 'node:crypto';
import type { PeppolCapability } from '@fiscus/contracts';
import {
  checkParticipantId,
  DOCUMENT_TYPE_SCHEME,
  PARTICIPANT_SCHEME,
} from '@fiscus/peppol-messages';
import { serviceGroupXml, signedServiceMetadataXml } from '@fiscus/peppol-messages/smp';
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

function capabilitiesOf(value: unknown): PeppolCapability[] {
  return Array.isArray(value) ? (value as PeppolCapability[]) : [];
}
