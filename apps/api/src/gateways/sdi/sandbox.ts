import { generateKeyPairSync } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SdiState } from '@fiscus/fatturapa';
import { parseInvoice, SDI_MESSAGES, validateInvoice } from '@fiscus/fatturapa';
import type { SdiMessageInput, SdiSigner } from '@fiscus/sdi-messages';
import {
  buildSdiMessage,
  createSdiSigner,
  createSelfSignedSdiCertificate,
} from '@fiscus/sdi-messages';
import type { Database } from '../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import type { SdiRegistries } from './registries/index.ts';
import { NO_CHANNEL_CODE } from './registries/index.ts';
import {
  errorsOf,
  invoiceKeys,
  invoiceReference,
  messageBase,
  namedRecipient,
  newSdiFileId,
  sdiFileName,
} from './sandbox-file.ts';
import {
  HELD_AT_SDI_CODE,
  sandboxRegistries,
  TRANSPORT_FAILURE_CODE,
} from './sandbox-registries.ts';
import type {
  ScriptedOutcome,
  SdiDirectory,
  SdiExchangeStore,
  SdiFile,
  SdiFollowUp,
  SdiGateway,
  SdiStep,
  TransmissionRetryPolicy,
} from './sdi-gateway.ts';
import { duplicateKey, retryDelay } from './sdi-gateway.ts';

export const SDI_TRANSMIT_JOB = 'it.sdi.transmit';
export const SDI_PROCESS_JOB = 'it.sdi.process';
/** A public administration's terms ran out: DT after RC, AT after MC (FPA12 only). */
export const SDI_PA_TERMS_JOB = 'it.sdi.pa-terms';

export type SandboxOptions = {
  /** Where the files are read and SDI's outcomes reported (the invoice-exchange service). */
  store: SdiExchangeStore;
  /** SDI's registries' view of this instance. */
  directory: SdiDirectory;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** SANDBOX_DELAY_MS: pause between SDI's steps (0 in tests). */
  delayMs: number;
  /**
   * SANDBOX_PA_TERMS_MS: SDI's terms for a public administration on the sandbox's clock. After an
   * RC, a PA that neither accepts nor refuses within them gets DT (deadline-terms); after an MC,
   * an office still unreachable gets AT.
   */
  paTermsMs: number;
  retryPolicy: TransmissionRetryPolicy;
  signer?: SdiSigner;
  /** SDI's clock for the times it writes in its messages (the demo history sets its own). */
  clock?: () => Date;
};

/** A fresh RSA key and self-signed certificate: the sandbox SDI signs with them like SDI does. */
export function createSandboxSigner(): SdiSigner {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return createSdiSigner(pem, createSelfSignedSdiCertificate(pem));
}

/**
 * SDI as a sandbox: transmission (the channel fails, retried, or SDI receives the file), SDI's
 * checks (NS) and the delivery attempt (RC or MC), a public administration's terms (DT, AT).
 * Files to a HOLD… recipient code stay in SDI's checks until an outcome is scripted.
 * Each step is a job, so a slow SDI, a restart or several API processes behave as in
 * production; each reports its outcome to the store, which applies it with the next step's job.
 */
export class SandboxSdiGateway implements SdiGateway {
  private signerInstance: SdiSigner | undefined;

  constructor(private readonly options: SandboxOptions) {
    this.signerInstance = options.signer;
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private get signer(): SdiSigner {
    // Generating an RSA key costs a moment: only when the first message is signed.
    this.signerInstance ??= createSandboxSigner();
    return this.signerInstance;
  }

  registerJobs(worker: JobWorker): void {
    worker.register(SDI_TRANSMIT_JOB, async (payload) => this.transmitNow(uuidOf(payload)));
    worker.register(SDI_PROCESS_JOB, async (payload) => this.process(uuidOf(payload)));
    worker.register(SDI_PA_TERMS_JOB, async (payload) => this.paTermsExpired(uuidOf(payload)));
  }

  async transmit(fileId: string, options: { db?: Database } = {}): Promise<void> {
    const step = this.step(SDI_TRANSMIT_JOB, fileId, this.options.delayMs);
    await this.options.jobs.enqueue(step.job, step.payload, {
      runAt: step.runAt,
      maxAttempts: step.maxAttempts,
      ...(options.db ? { db: options.db } : {}),
    });
  }

  private step(job: string, fileId: string, delayMs: number): SdiFollowUp {
    return {
      job,
      payload: { uuid: fileId },
      runAt: new Date(Date.now() + delayMs),
      maxAttempts: 3,
    };
  }

  /** One transmission attempt: the channel fails (quarantena, retried) or SDI receives the file. */
  private async transmitNow(fileId: string): Promise<void> {
    const { store, retryPolicy } = this.options;
    const file = await store.find(fileId);
    if (!file || file.sdiFileId) return;
    const attempt = file.transmissionAttempts + 1;
    const fails =
      file.simulateTransportFailure || TRANSPORT_FAILURE_CODE.test(file.recipientCode ?? '');
    if (fails) {
      const final = attempt >= retryPolicy.maxAttempts;
      await store.record(
        fileId,
        'transmission',
        {
          kind: 'transport-failed',
          attempt,
          final,
          notice: final
            ? `SDI could not be reached after ${attempt} attempts; the invoice was not transmitted.`
            : `SDI channel unavailable (attempt ${attempt} of ${retryPolicy.maxAttempts}); retrying.`,
        },
        final ? [] : [this.step(SDI_TRANSMIT_JOB, fileId, retryDelay(retryPolicy, attempt))],
      );
      return;
    }
    // A HOLD… recipient: SDI keeps the file in its checks until an outcome is scripted.
    const held = HELD_AT_SDI_CODE.test(file.recipientCode ?? '');
    await store.record(
      fileId,
      'transmission',
      { kind: 'received', attempt, sdiFileId: newSdiFileId(), sdiFileName: sdiFileName(file) },
      held ? [] : [this.step(SDI_PROCESS_JOB, fileId, this.options.delayMs)],
    );
  }

  /** SDI's checks and the delivery attempt, ending in NS, RC or MC. */
  private async process(fileId: string): Promise<void> {
    const file = await this.options.store.find(fileId);
    // SDI answers a received file once: a retried step finds its answer already sent.
    if (!file?.sdiFileId || file.messages.length > 0) return;
    const parsed = await parseInvoice(file.xml);
    if (!parsed.ok) {
      await this.send(file, 'checks', {
        type: 'NS',
        ...messageBase(file),
        dataOraRicezione: this.now(),
        listaErrori: errorsOf(parsed.findings),
      });
      return;
    }
    const { registries, channelsOf } = await sandboxRegistries(this.options.directory);
    const duplicates = await this.options.directory.acceptedDuplicates(
      file,
      invoiceKeys(parsed.invoice, parsed.format),
    );
    const state: SdiState = {
      ...registries.state,
      isDuplicate: (key) =>
        duplicates.has(
          duplicateKey({
            senderVat: `${key.sellerCountry}${key.sellerCode}`,
            documentType: key.documentType,
            date: key.date,
            number: key.number,
          }),
        ),
    };
    const result = await validateInvoice(file.xml, {
      layers: ['sdi'],
      sdi: {
        state,
        receivedAt: file.receivedAt,
        ...(file.sdiFileName ? { fileName: file.sdiFileName } : {}),
      },
    });
    if (!result.valid) {
      await this.send(file, 'checks', {
        type: 'NS',
        ...messageBase(file),
        dataOraRicezione: file.receivedAt,
        listaErrori: errorsOf(result.findings),
      });
      return;
    }
    await this.deliver(file, registries, channelsOf);
  }

  /** Delivery: a reachable channel, IPA office or PEC gives RC; otherwise MC. */
  private async deliver(
    file: SdiFile,
    registries: SdiRegistries,
    channelsOf: (vat: string) => string[],
  ): Promise<void> {
    const code = (file.recipientCode ?? '').toUpperCase();
    let destinatario: { codice: string; descrizione: string } | undefined;
    const meaning = registries.recipientCodes.meaning(code);
    if (meaning.kind === 'ipa-office') {
      const office = registries.ipa.find(code);
      if (office?.status === 'active' && office.reachable !== false)
        destinatario = { codice: code, descrizione: office.description };
    } else if (meaning.kind === 'channel') {
      if (meaning.entry.reachable)
        destinatario = { codice: code, descrizione: meaning.entry.description };
    } else if (meaning.kind === 'pec-or-reserved-area') {
      const payload = file.payload as {
        fattura_elettronica_header?: { dati_trasmissione?: { pec_destinatario?: string } };
      };
      const pec = payload.fattura_elettronica_header?.dati_trasmissione?.pec_destinatario;
      const registered = channelsOf((file.recipientVat ?? '').replace(/^IT/, ''));
      if (pec) destinatario = { codice: NO_CHANNEL_CODE, descrizione: pec };
      else if (registered[0])
        destinatario = { codice: registered[0], descrizione: 'Canale registrato' };
      else if (await this.options.directory.receivesInInstance(file))
        destinatario = { codice: NO_CHANNEL_CODE, descrizione: 'Fiscus' };
    } else if (meaning.kind === 'foreign-buyer') {
      destinatario = { codice: code, descrizione: 'Cessionario estero' };
    }
    const paTerms = this.paTermsFollowUp(file);
    if (!destinatario) {
      await this.send(
        file,
        'checks',
        {
          type: 'MC',
          ...messageBase(file),
          dataOraRicezione: file.receivedAt,
          descrizione:
            'Il file non è stato recapitato al destinatario: è a disposizione nella sua area riservata.',
        },
        paTerms,
      );
      return;
    }
    await this.send(
      file,
      'checks',
      {
        type: 'RC',
        ...messageBase(file),
        dataOraRicezione: file.receivedAt,
        dataOraConsegna: this.now(),
        destinatario,
      },
      paTerms,
    );
  }

  /** For an invoice to a public administration, SDI's terms start with RC or MC. */
  private paTermsFollowUp(file: SdiFile): SdiFollowUp[] {
    if (file.format !== 'FPA12') return [];
    return [this.step(SDI_PA_TERMS_JOB, file.id, this.options.paTermsMs)];
  }

  /**
   * The terms ran out: a delivered invoice the office neither accepted nor refused gets DT; one
   * that could not be delivered gets AT. An NE (or a scripted outcome) in between ends the terms.
   */
  private async paTermsExpired(fileId: string): Promise<void> {
    const file = await this.options.store.find(fileId);
    if (!file || file.format !== 'FPA12') return;
    const last = file.messages.at(-1);
    if (last === 'RC') {
      await this.send(file, 'pa-terms', this.deadlineTerms(file));
    } else if ((last === 'MC' || last === 'AT') && !file.messages.includes('AT')) {
      await this.send(file, 'pa-terms', this.transmissionCertificate(file));
    }
  }

  private deadlineTerms(file: SdiFile, descrizione?: string): SdiMessageInput {
    const reference = invoiceReference(file);
    return {
      type: 'DT',
      ...messageBase(file),
      ...(reference ? { riferimentoFattura: reference } : {}),
      ...(descrizione ? { descrizione } : {}),
    };
  }

  private transmissionCertificate(file: SdiFile): SdiMessageInput {
    return {
      type: 'AT',
      ...messageBase(file),
      dataOraRicezione: file.receivedAt,
      destinatario: namedRecipient(file),
      originalFile: file.xml,
    };
  }

  /** Builds and signs one SDI message and reports it with the steps it starts. */
  private async send(
    file: SdiFile,
    step: SdiStep,
    input: SdiMessageInput,
    followUps: SdiFollowUp[] = [],
  ): Promise<void> {
    const progressivo = file.messages.filter((type) => type === input.type).length + 1;
    const message = buildSdiMessage(input, { signer: this.signer, progressivo });
    const esito = input.type === 'NE' ? input.esitoCommittente.esito : undefined;
    const applied = await this.options.store.record(
      file.id,
      step,
      { kind: 'message', message, ...(esito ? { esito } : {}) },
      followUps,
    );
    if (applied) {
      this.options.logger.info(
        { invoice: file.id, notification: input.type },
        'sandbox SDI notification',
      );
    }
  }

  async script(fileId: string, outcome: ScriptedOutcome): Promise<void> {
    const { store } = this.options;
    let file = await store.find(fileId);
    if (!file) return;
    if (outcome.type === 'transport-failure') {
      await store.record(fileId, 'scripted', { kind: 'transport-failure-scripted' });
      return;
    }
    if (!file.sdiFileId) {
      // SDI only answers files it received: give the file its SDI identity first.
      const received = { sdiFileId: newSdiFileId(), sdiFileName: sdiFileName(file) };
      await store.record(fileId, 'scripted', { kind: 'received', ...received });
      file = { ...file, ...received };
    }
    const base = messageBase(file);
    const reference = invoiceReference(file);
    // SDI's first RC or MC to a public administration starts its terms, scripted or not.
    const paTerms = file.messages.length === 0 ? this.paTermsFollowUp(file) : [];
    switch (outcome.type) {
      case 'NS': {
        const code = outcome.errorCode ?? '00200';
        const known = (SDI_MESSAGES as Record<string, { it: string } | undefined>)[code];
        await this.send(file, 'scripted', {
          type: 'NS',
          ...base,
          dataOraRicezione: file.receivedAt,
          listaErrori: [
            { codice: code, descrizione: outcome.descrizione ?? known?.it ?? 'Errore' },
          ],
        });
        return;
      }
      case 'MC':
        await this.send(
          file,
          'scripted',
          {
            type: 'MC',
            ...base,
            dataOraRicezione: file.receivedAt,
            ...(outcome.descrizione ? { descrizione: outcome.descrizione } : {}),
          },
          paTerms,
        );
        return;
      case 'RC':
        await this.send(
          file,
          'scripted',
          {
            type: 'RC',
            ...base,
            dataOraRicezione: file.receivedAt,
            dataOraConsegna: this.now(),
            destinatario: namedRecipient(file),
          },
          paTerms,
        );
        return;
      case 'NE':
        await this.send(file, 'scripted', {
          type: 'NE',
          ...base,
          esitoCommittente: {
            esito: outcome.esito,
            ...(outcome.descrizione ? { descrizione: outcome.descrizione } : {}),
            ...(reference ? { riferimentoFattura: reference } : {}),
          },
        });
        return;
      case 'DT':
        await this.send(file, 'scripted', this.deadlineTerms(file, outcome.descrizione));
        return;
      case 'AT':
        await this.send(file, 'scripted', this.transmissionCertificate(file));
        return;
    }
  }
}

function uuidOf(payload: unknown): string {
  const uuid = (payload as { uuid?: unknown } | null)?.uuid;
  if (typeof uuid !== 'string') throw new Error('SDI job without an invoice uuid');
  return uuid;
}
