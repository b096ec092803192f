import {
  type PeppolCapability,
  type PeppolReceivingCheck,
  type PeppolReceivingCheckStep,
} from '@fiscus/contracts';
import {
  AS4_TRANSPORT_PROFILE,
  checkParticipantId,
  DOCUMENT_TYPE_SCHEME,
  PARTICIPANT_SCHEME,
} from '@fiscus/peppol-messages';
import { smlHostName } from '@fiscus/peppol-messages/sml';
import { serviceGroupUrl, serviceMetadataUrl } from '@fiscus/peppol-messages/smp';
import { verifySdiMessage } from '@fiscus/sdi-messages';
import type { PeppolLegalEntityRow } from '../../../db/schema/index.ts';
import {
  routeDocument,
  SANDBOX_SML_ZONE,
  type ParticipantDirectory,
} from '../../../gateways/peppol/network.ts';
import type { SandboxSmpService } from './smp.service.ts';

type Step = PeppolReceivingCheck['steps'][number];

function step(
  id: PeppolReceivingCheckStep,
  problem: string | null,
  evidence: [label: string, value: string][],
): Step {
  return {
    step: id,
    ok: problem === null,
    problem,
    evidence: evidence.map(([label, value]) => ({ label, value })),
  };
}

/** The text of the first `<wsa:Address>` of metadata this SMP wrote (its endpoint). */
function endpointOf(xml: string): string | undefined {
  const open = '<wsa:Address>';
  const start = xml.indexOf(open);
  const end = xml.indexOf('</wsa:Address>', start);
  return start < 0 || end < 0 ? undefined : xml.slice(start + open.length, end);
}

/** The part of a document type identifier after `##`: the customization, shorter to read. */
function shortType(documentType: string): string {
  const at = documentType.indexOf('##');
  return at < 0 ? documentType : documentType.slice(at + 2);
}

/**
 * A legal entity's receiving check (issue 34: "lookup, SMP registration, capabilities and a test
 * self-send, each step with its evidence, so a user sees why a partner cannot reach them"), as a
 * sending access point would find it: the identifier as the network reads it, its SML host name
 * (registered only while the SMP registration is on), the ServiceGroup its SMP publishes, each
 * document type's SignedServiceMetadata (the endpoint, the AS4 transport profile, the signature
 * verified with the SMP's key), and a routing of the first capability to itself through the
 * network's own lookup. Nothing is sent or stored; a step after a failed one is not run.
 */
export async function receivingCheck(deps: {
  entity: PeppolLegalEntityRow;
  smp: SandboxSmpService;
  smpBaseUrl: string;
  directory: ParticipantDirectory;
  now: Date;
}): Promise<PeppolReceivingCheck> {
  const { entity, smp } = deps;
  const participant = `${entity.identifierScheme}:${entity.identifierValue}`;
  const steps: Step[] = [];
  const finish = (): PeppolReceivingCheck => ({
    participant,
    checkedAt: deps.now.toISOString(),
    ok: steps.length === 5 && steps.every((entry) => entry.ok),
    steps,
  });

  const check = checkParticipantId(participant);
  steps.push(
    step('identifier', check.ok ? null : 'identifier_invalid', [
      ['participant', `${PARTICIPANT_SCHEME}::${participant}`],
      ...(check.ok ? ([['scheme', check.schemeInfo.name]] as [string, string][]) : []),
    ]),
  );
  if (!check.ok) return finish();

  const host = smlHostName(participant, SANDBOX_SML_ZONE);
  steps.push(
    step('sml', entity.smpEnabled ? null : 'not_registered', [
      ['smlHost', host],
      ...(entity.smpEnabled ? ([['smpUrl', deps.smpBaseUrl]] as [string, string][]) : []),
    ]),
  );
  if (!entity.smpEnabled) return finish();

  const groupId = `${PARTICIPANT_SCHEME}::${participant}`;
  const group = await smp.serviceGroup(groupId);
  const capabilities = Array.isArray(entity.capabilities)
    ? (entity.capabilities as PeppolCapability[])
    : [];
  steps.push(
    step('smp', group ? null : 'no_service_group', [
      ['serviceGroupUrl', serviceGroupUrl(deps.smpBaseUrl, participant)],
      ['documentTypes', String(new Set(capabilities.map((entry) => entry.documentType)).size)],
    ]),
  );
  if (!group) return finish();

  const evidence: [string, string][] = [];
  let problem: string | null = capabilities.length === 0 ? 'no_capabilities' : null;
  for (const documentType of new Set(capabilities.map((entry) => entry.documentType))) {
    const metadata = await smp.serviceMetadata(groupId, `${DOCUMENT_TYPE_SCHEME}::${documentType}`);
    evidence.push(['documentType', shortType(documentType)]);
    if (!metadata) {
      problem ??= 'metadata_missing';
      continue;
    }
    const signed = verifySdiMessage(metadata, { publicKey: smp.publicKeyPem });
    evidence.push(
      ['metadataUrl', serviceMetadataUrl(deps.smpBaseUrl, participant, documentType)],
      ['signature', signed.valid ? 'valid' : `invalid: ${signed.reason}`],
    );
    if (!signed.valid) problem ??= 'signature_invalid';
    const endpoint = endpointOf(metadata);
    if (endpoint) evidence.push(['endpoint', endpoint]);
    if (metadata.includes(AS4_TRANSPORT_PROFILE)) {
      evidence.push(['transportProfile', AS4_TRANSPORT_PROFILE]);
    }
  }
  steps.push(step('capabilities', problem, evidence));
  if (problem) return finish();

  // A message from the entity to itself, routed by the network's own lookup (nothing is sent).
  const [first] = capabilities;
  const routing = await routeDocument(deps.directory, {
    kind: 'invoice',
    root: 'Invoice',
    number: 'receiving-check',
    date: null,
    customizationId: shortType(first!.documentType),
    profileId: first!.process ?? null,
    documentTypeId: first!.documentType,
    sender: {
      name: entity.registeredName,
      scheme: entity.identifierScheme,
      value: entity.identifierValue,
    },
    recipient: {
      name: entity.registeredName,
      scheme: entity.identifierScheme,
      value: entity.identifierValue,
    },
    responseCode: null,
    orderReference: null,
  });
  steps.push(
    step('selfSend', routing.ok ? null : routing.errorCode, [
      ['documentType', shortType(first!.documentType)],
      [
        'route',
        routing.ok ? `${participant} → ${routing.receiver.registeredName}` : routing.errorMessage,
      ],
    ]),
  );
  return finish();
}
