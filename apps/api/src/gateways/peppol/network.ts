import { PEPPOL_MESSAGE_ERRORS, type PeppolCapability } from '@fiscus/contracts';
import { checkParticipantId } from '@fiscus/peppol-messages';
import { smlHostName } from '@fiscus/peppol-messages/sml';
import { participantOf, type Envelope } from './envelope.ts';

/*
 * The sandbox Peppol network's routing, as a sending access point does it (Peppol AS4 profile
 * and SMP specification): the receiver's participant identifier is looked up through the SML
 * (its hashed DNS name) to its SMP; the SMP must list the document type identifier, and for it
 * the process (ProfileID); otherwise the message fails with the error an access point reports.
 * The SML and SMP of this network are the legal entities of this instance with their SMP
 * registration on.
 */

/** The sandbox SML's DNS zone (the real ones: edelivery.tech.ec.europa.eu, acc.… for tests). */
export const SANDBOX_SML_ZONE = 'sml.sandbox.fiscus.test';

export type Registration = {
  uuid: string;
  ownerId: string;
  domain: string;
  registeredName: string;
  identifierScheme: string;
  identifierValue: string;
  capabilities: unknown;
  /** Who is told of every document received (receivedDocumentNotificationEmails). */
  notificationEmails?: unknown;
};

/** Reads the SMP registrations: the legal entity registered under a participant, if any. */
export type ParticipantDirectory = {
  findRegistered(scheme: string, value: string): Promise<Registration | undefined>;
};

export type Routing =
  | { ok: true; receiver: Registration; smlHost: string }
  | { ok: false; errorCode: string; errorMessage: string; smlHost: string | null };

function capabilitiesOf(value: unknown): PeppolCapability[] {
  return Array.isArray(value) ? (value as PeppolCapability[]) : [];
}

/** Where the network takes a document: to its receiver, or nowhere with the reason. */
export async function routeDocument(
  directory: ParticipantDirectory,
  envelope: Envelope,
): Promise<Routing> {
  const participant = participantOf(envelope.recipient);
  const check = participant ? checkParticipantId(participant) : undefined;
  if (!participant || !check?.ok) {
    return {
      ok: false,
      errorCode: PEPPOL_MESSAGE_ERRORS.participantNotFound,
      errorMessage: `The receiver ${participant ?? '(no EndpointID)'} is not a valid Peppol participant identifier: no SML lookup is possible.`,
      smlHost: null,
    };
  }
  const smlHost = smlHostName(participant, SANDBOX_SML_ZONE);
  const receiver = await directory.findRegistered(check.participant.icd, check.participant.value);
  if (!receiver) {
    return {
      ok: false,
      errorCode: PEPPOL_MESSAGE_ERRORS.participantNotFound,
      errorMessage: `The receiver ${participant} is not registered on the Peppol network: the SML has no record for ${smlHost}.`,
      smlHost,
    };
  }
  const capabilities = capabilitiesOf(receiver.capabilities);
  const forType = capabilities.filter((entry) => entry.documentType === envelope.documentTypeId);
  if (forType.length === 0) {
    return {
      ok: false,
      errorCode: PEPPOL_MESSAGE_ERRORS.notServiced,
      errorMessage: `The receiver ${participant} does not accept the document type ${envelope.documentTypeId}: its SMP does not list it.`,
      smlHost,
    };
  }
  if (envelope.profileId && !forType.some((entry) => entry.process === envelope.profileId)) {
    return {
      ok: false,
      errorCode: PEPPOL_MESSAGE_ERRORS.notServiced,
      errorMessage: `The receiver ${participant} accepts ${envelope.root} documents, but not in the process ${envelope.profileId}.`,
      smlHost,
    };
  }
  return { ok: true, receiver, smlHost };
}
