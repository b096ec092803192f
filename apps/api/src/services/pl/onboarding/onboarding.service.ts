import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  PL_AUTH_FLOW_STATUS,
  PL_LEGAL_ENTITY_STATUS_CODES,
  PL_ONBOARDING_MINUTES,
  type PlOnboardActivate,
  type PlOnboardInit,
  type PlOnboarding,
} from '@fiscus/contracts';
import type { PlAuthorizationFlowRow, PlLegalEntityRow } from '../../../db/schema/index.ts';
import { plAuthorizationFlows } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/auth.ts';
import type { Database } from '../../../platform/db/database.ts';
import { HttpProblem, notFound, unprocessable } from '../../../platform/problem-errors.ts';
import { KsefError, type KsefGateway } from '../../../gateways/ksef/ksef-gateway.ts';
import type { PlLegalEntitiesRepository } from '../legal-entities/legal-entities.repository.ts';
import {
  flowIsValid,
  plRefused,
  type PlLegalEntitiesService,
} from '../legal-entities/legal-entities.service.ts';

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A signed AuthTokenRequest is small; a megabyte leaves room for any certificate chain. */
const MAX_SIGNED_FILE_BYTES = 1_000_000;

/**
 * The onboarding of a legal entity to KSeF (spec "Onboarding page", states "Onboarding status",
 * "Public onboarding steps"): `init` makes a flow and its public link (a secret kept hashed);
 * the page, without a login, starts it (KSeF's challenge, a 10-minute deadline), downloads the
 * AuthTokenRequest to sign, and uploads it signed (XAdES). KSeF checks the signature and the
 * signer's NIP; accepted, the provider makes its KSeF token and the entity is active. A refusal
 * by KSeF ends the flow in ERROR with KSeF's code (its challenge is spent); input that never
 * reached KSeF (not base64, not a signed request, another NIP) is a 422 that changes nothing.
 */
export class PlOnboardingService {
  constructor(
    private readonly deps: {
      db: Database;
      legalEntities: PlLegalEntitiesService;
      repository: PlLegalEntitiesRepository;
      ksef: KsefGateway;
      publicUrl: string;
      sandbox: boolean;
      clock?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  /** `POST /legal-entities/{uuid}/onboard/init`: a new flow and the page's address. */
  async init(actor: Actor, uuid: string): Promise<PlOnboardInit> {
    const entity = await this.deps.legalEntities.find(actor, uuid);
    if (entity.status === PL_LEGAL_ENTITY_STATUS_CODES.active) {
      throw unprocessable([plRefused('uuid', 'already_active')]);
    }
    if (entity.status === PL_LEGAL_ENTITY_STATUS_CODES.blocked) {
      throw unprocessable([plRefused('uuid', 'blocked')]);
    }
    const secret = randomBytes(24).toString('base64url');
    const [flow] = await this.deps.db
      .insert(plAuthorizationFlows)
      .values({ legalEntityUuid: entity.uuid, hash: digest(secret) })
      .returning();
    if (!flow) throw new Error('The onboarding was not stored');
    return {
      url: `${this.deps.publicUrl}/onboarding/${entity.uuid}/${secret}`,
      authFlowUUID: flow.uuid,
    };
  }

  /** `GET /onboarding/{legalEntityUuid}/{hash}` (public). */
  async view(legalEntityUuid: string, secret: string): Promise<PlOnboarding> {
    const { entity, flow } = await this.byEntity(legalEntityUuid, secret);
    return this.toOnboarding(entity, flow);
  }

  /** `POST /legal-entities/{uuid}/onboard/start/{hash}` (public): KSeF's challenge, the clock. */
  async start(legalEntityUuid: string, secret: string): Promise<PlOnboarding> {
    const { entity, flow } = await this.byEntity(legalEntityUuid, secret);
    if (flow.status === PL_AUTH_FLOW_STATUS.IN_PROGRESS && flowIsValid(flow, this.now())) {
      return this.toOnboarding(entity, flow);
    }
    this.assertPending(entity);
    if (flow.status !== PL_AUTH_FLOW_STATUS.NEW) {
      throw unprocessable([
        plRefused(
          'hash',
          flow.status === PL_AUTH_FLOW_STATUS.IN_PROGRESS ? 'flow_expired' : 'flow_state',
        ),
      ]);
    }
    const request = await this.deps.ksef.authorisationRequest(entity.nip);
    const now = this.now();
    const [started] = await this.deps.db
      .update(plAuthorizationFlows)
      .set({
        status: PL_AUTH_FLOW_STATUS.IN_PROGRESS,
        challenge: request.challenge,
        challengeTimestamp: request.timestamp,
        signatureFile: request.xml,
        deadline: new Date(now.getTime() + PL_ONBOARDING_MINUTES * 60_000),
        mode: 'mode_1',
        updatedAt: now,
      })
      .where(
        and(
          eq(plAuthorizationFlows.uuid, flow.uuid),
          eq(plAuthorizationFlows.status, PL_AUTH_FLOW_STATUS.NEW),
        ),
      )
      .returning();
    // Two starts at once: the first one's challenge stands.
    return this.toOnboarding(
      entity,
      started ?? (await this.byEntity(legalEntityUuid, secret)).flow,
    );
  }

  /** `GET /authorization-flows/{uuid}/onboard/signature-file/{hash}` (public): the XML to sign. */
  async signatureFile(flowUuid: string, secret: string): Promise<string> {
    const [flow] = await this.deps.db
      .select()
      .from(plAuthorizationFlows)
      .where(
        and(eq(plAuthorizationFlows.uuid, flowUuid), eq(plAuthorizationFlows.hash, digest(secret))),
      )
      .limit(1);
    if (!flow) throw notFound('Onboarding not found.');
    this.assertOpen(flow);
    return flow.signatureFile ?? '';
  }

  /** Sandbox only: the signature file signed with a sandbox test certificate for the NIP. */
  async sandboxSign(legalEntityUuid: string, secret: string): Promise<{ signedFile: string }> {
    if (!this.deps.sandbox) throw notFound('Test certificates exist on sandbox instances only.');
    const { entity, flow } = await this.byEntity(legalEntityUuid, secret);
    this.assertOpen(flow);
    const signed = await this.deps.ksef.signWithTestCertificate(
      entity.nip,
      flow.signatureFile ?? '',
    );
    return { signedFile: Buffer.from(signed, 'utf8').toString('base64') };
  }

  /**
   * `POST /legal-entities/{uuid}/onboard/activate/{hash}` (public): the signed file, to KSeF.
   * The flow is USED while KSeF checks it, then COMPLETED (the entity active) or ERROR.
   */
  async activate(
    legalEntityUuid: string,
    secret: string,
    body: PlOnboardActivate,
  ): Promise<PlOnboarding> {
    const { entity, flow } = await this.byEntity(legalEntityUuid, secret);
    this.assertPending(entity);
    this.assertOpen(flow);
    if (body.identifier !== entity.nip) {
      throw unprocessable([plRefused('identifier', 'identifier_mismatch')]);
    }
    const signed = Buffer.from(body.signedFile, 'base64');
    const xml = signed.toString('utf8');
    if (
      signed.length === 0 ||
      signed.length > MAX_SIGNED_FILE_BYTES ||
      xml.includes('\u0000') ||
      !xml.includes('AuthTokenRequest') ||
      !xml.includes('Signature')
    ) {
      throw unprocessable([plRefused('signedFile', 'signed_file_invalid')]);
    }
    const claimed = await this.setStatus(flow, PL_AUTH_FLOW_STATUS.USED, {
      from: PL_AUTH_FLOW_STATUS.IN_PROGRESS,
    });
    if (!claimed) throw unprocessable([plRefused('hash', 'flow_state')]);
    try {
      // One signature: the provider's KSeF token and the entity's Offline certificate (KOD II).
      const { grant, ...offline } = await this.deps.ksef.offlineCertificate(entity.nip, xml, {
        grant: true,
      });
      if (!grant) throw new Error('KSeF gave no token with the certificate');
      await this.deps.legalEntities.activate(entity, grant, offline);
      const done = await this.setStatus(flow, PL_AUTH_FLOW_STATUS.COMPLETED, {
        from: PL_AUTH_FLOW_STATUS.USED,
      });
      return this.toOnboarding(
        { ...entity, status: PL_LEGAL_ENTITY_STATUS_CODES.active },
        done ?? flow,
      );
    } catch (error) {
      const known = error instanceof KsefError;
      await this.setStatus(flow, PL_AUTH_FLOW_STATUS.ERROR, {
        from: PL_AUTH_FLOW_STATUS.USED,
        errorCode: known ? String(error.code) : 'ERROR',
        errorMessage: known ? error.description : 'KSeF could not be reached.',
      });
      if (!known) throw error;
      throw new HttpProblem(
        422,
        `KSeF refused the signed file: ${error.code} ${error.description}${
          error.details.length > 0 ? ` (${error.details.join('; ')})` : ''
        }`,
        [plRefused('signedFile', 'signed_file_invalid')],
      );
    }
  }

  private async setStatus(
    flow: PlAuthorizationFlowRow,
    status: number,
    options: { from: number; errorCode?: string; errorMessage?: string },
  ): Promise<PlAuthorizationFlowRow | undefined> {
    const [row] = await this.deps.db
      .update(plAuthorizationFlows)
      .set({
        status,
        updatedAt: this.now(),
        ...(options.errorCode ? { errorCode: options.errorCode } : {}),
        ...(options.errorMessage ? { errorMessage: options.errorMessage } : {}),
      })
      .where(
        and(
          eq(plAuthorizationFlows.uuid, flow.uuid),
          eq(plAuthorizationFlows.status, options.from),
        ),
      )
      .returning();
    return row;
  }

  private assertPending(entity: PlLegalEntityRow): void {
    if (entity.status === PL_LEGAL_ENTITY_STATUS_CODES.active) {
      throw unprocessable([plRefused('uuid', 'already_active')]);
    }
    if (entity.status === PL_LEGAL_ENTITY_STATUS_CODES.blocked) {
      throw unprocessable([plRefused('uuid', 'blocked')]);
    }
  }

  /** Started and within its 10 minutes. */
  private assertOpen(flow: PlAuthorizationFlowRow): void {
    if (flow.status !== PL_AUTH_FLOW_STATUS.IN_PROGRESS) {
      throw unprocessable([plRefused('hash', 'flow_state')]);
    }
    if (!flowIsValid(flow, this.now())) {
      throw unprocessable([plRefused('hash', 'flow_expired')]);
    }
  }

  private async byEntity(
    legalEntityUuid: string,
    secret: string,
  ): Promise<{ entity: PlLegalEntityRow; flow: PlAuthorizationFlowRow }> {
    const [flow] = await this.deps.db
      .select()
      .from(plAuthorizationFlows)
      .where(
        and(
          eq(plAuthorizationFlows.legalEntityUuid, legalEntityUuid),
          eq(plAuthorizationFlows.hash, digest(secret)),
        ),
      )
      .orderBy(desc(plAuthorizationFlows.createdAt))
      .limit(1);
    const entity = flow ? await this.deps.repository.byUuid(legalEntityUuid) : undefined;
    if (!flow || !entity) throw notFound('Onboarding not found.');
    return { entity, flow };
  }

  private toOnboarding(entity: PlLegalEntityRow, flow: PlAuthorizationFlowRow): PlOnboarding {
    return {
      customer: {
        customerName: entity.name,
        addressLine: [entity.addressLine1, entity.addressLine2].filter(Boolean).join(', '),
        city: `${entity.postcode} ${entity.city}`.trim(),
        countryCode: entity.countryIso2,
        nip: entity.nip,
      },
      authFlowStatus:
        entity.status === PL_LEGAL_ENTITY_STATUS_CODES.active &&
        flow.status !== PL_AUTH_FLOW_STATUS.ERROR
          ? PL_AUTH_FLOW_STATUS.COMPLETED
          : flow.status,
      authFlowDeadline: flow.deadline?.toISOString() ?? null,
      authFlowUUID: flow.uuid,
      nip: entity.nip,
      error:
        flow.status === PL_AUTH_FLOW_STATUS.ERROR
          ? { code: flow.errorCode ?? 'ERROR', message: flow.errorMessage ?? '' }
          : null,
      sandbox: this.deps.sandbox,
    };
  }
}
