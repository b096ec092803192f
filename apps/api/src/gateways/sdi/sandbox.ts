import { generateKeyPairSync, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AnyInvoice, Finding, InvoiceFormat, SdiState } from '@fiscus/fatturapa';
import { parseInvoice, SDI_MESSAGES, validateInvoice } from '@fiscus/fatturapa';
import type { ItInvoiceRow } from '../../db/schema/index.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import type { WebhookEvent } from '../../platform/webhooks/events.ts';
import { publishWebhookEvent } from '../../platform/webhooks/events.ts';
import { toInvoiceItem, toNotificationItem } from '../../services/it/invoices/invoices.service.ts';
import type { InvoicesRepository } from '../../services/it/invoices/invoices.repository.ts';
import { duplicateKey } from '../../services/it/invoices/invoices.repository.ts';
import type { BuiltSdiMessage, SdiMessageInput, SdiSigner } from '@fiscus/sdi-messages';
import {
  buildSdiMessage,
  createSdiSigner,
  createSelfSignedSdiCertificate,
  toNotificationJson,
} from '@fiscus/sdi-messages';
import type { SdiRegistries } from './registries/index.ts';
import type { RecipientCodeEntry } from './registries/index.ts';
import { createSdiRegistries, NO_CHANNEL_CODE, SEED_RECIPIENT_CODES } from './registries/index.ts';
import type { ScriptedOutcome, SdiGateway, TransmissionRetryPolicy } from './sdi-gateway.ts';
import { retryDelay } from './sdi-gateway.ts';

export const SDI_TRANSMIT_JOB = 'it.sdi.transmit';
export const SDI_PROCESS_JOB = 'it.sdi.process';
/** A public administration's terms ran out: DT after RC, AT after MC (FPA12 only). */
export const SDI_PA_TERMS_JOB = 'it.sdi.pa-terms';

/** The recipient of a delivered invoice inside this instance (who receives it as type 1). */
export type RecipientLookup = (invoice: {
  recipientCode: string | null;
  recipientVat: string | null;
  recipientFiscalId: string | null;
}) => Promise<string | undefined>;

export type SandboxOptions = {
  repository: InvoicesRepository;
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
  findRecipientAccount: RecipientLookup;
  signer?: SdiSigner;
};

/** Recipient codes starting with FAIL make the sandbox's SDI channel fail (quarantena path). */
const TRANSPORT_FAILURE_CODE = /^FAIL/i;

/** Which marking a notification gives a customer invoice. */
function markingAfter(type: SdiMessageInput['type'], format: string, esito?: string): string {
  switch (type) {
    case 'RC':
      return format === 'FPA12' ? 'delivered-pa' : 'delivered';
    case 'NS':
      return 'rejected';
    case 'MC':
    case 'AT':
      return 'not-delivered';
    case 'NE':
      return esito === 'EC02' ? 'rejected-pa' : 'accepted-pa';
    case 'DT':
      return 'deadline-terms';
  }
}

/** A fresh RSA key and self-signed certificate: the sandbox SDI signs with them like SDI does. */
export function createSandboxSigner(): SdiSigner {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return createSdiSigner(pem, createSelfSignedSdiCertificate(pem));
}

/**
 * SDI as a sandbox: `waiting` → (transport) `sent` or `quarantena` → (checks) NS `rejected`, or
 * delivery: RC `delivered` / `delivered-pa`, MC `not-delivered`. Each step is a job, so a slow
 * SDI, a restart or several API processes behave as in production.
 */
export class SandboxSdiGateway implements SdiGateway {
  private signerInstance: SdiSigner | undefined;

  constructor(private readonly options: SandboxOptions) {
    this.signerInstance = options.signer;
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

  async transmit(invoiceUuid: string): Promise<void> {
    await this.options.jobs.enqueue(
      SDI_TRANSMIT_JOB,
      { uuid: invoiceUuid },
      this.after(this.options.delayMs),
    );
  }

  private after(ms: number) {
    return { runAt: new Date(Date.now() + ms), maxAttempts: 3 };
  }

  /** One transmission attempt: the channel fails (quarantena, retried) or SDI receives the file. */
  private async transmitNow(uuid: string): Promise<void> {
    const { repository, retryPolicy } = this.options;
    const invoice = await repository.findByUuid(uuid);
    if (!invoice || (invoice.marking !== 'waiting' && invoice.marking !== 'quarantena')) return;
    const attempt = invoice.transmissionAttempts + 1;
    const fails =
      invoice.simulateTransportFailure || TRANSPORT_FAILURE_CODE.test(invoice.recipientCode ?? '');
    if (fails) {
      if (attempt >= retryPolicy.maxAttempts) {
        const failed = await repository.update(uuid, {
          marking: 'invoice-error',
          transmissionAttempts: attempt,
          notice: `SDI could not be reached after ${attempt} attempts; the invoice was not transmitted.`,
        });
        if (failed) await this.publishInvoice('invoice-status-invoice-error', failed);
        return;
      }
      const quarantined = await repository.update(uuid, {
        marking: 'quarantena',
        transmissionAttempts: attempt,
        notice: `SDI channel unavailable (attempt ${attempt} of ${retryPolicy.maxAttempts}); retrying.`,
      });
      // The webhook fires on entering quarantena, not on every further failed attempt.
      if (quarantined && invoice.marking !== 'quarantena') {
        await this.publishInvoice('invoice-status-quarantena', quarantined);
      }
      await this.options.jobs.enqueue(
        SDI_TRANSMIT_JOB,
        { uuid },
        this.after(retryDelay(retryPolicy, attempt)),
      );
      return;
    }
    await repository.update(uuid, {
      marking: 'sent',
      transmissionAttempts: attempt,
      notice: null,
      sdiFileId: String(randomInt(100_000_000, 999_999_999)),
      sdiFileName: sdiFileName(invoice),
    });
    await this.options.jobs.enqueue(SDI_PROCESS_JOB, { uuid }, this.after(this.options.delayMs));
  }

  /** SDI's registry state for one invoice: the sandbox registries plus this instance's accounts. */
  private async registries(): Promise<{
    registries: SdiRegistries;
    channelsOf: (vat: string) => string[];
  }> {
    const parties = await this.options.repository.instanceParties();
    const companies = await this.options.repository.configuredCompanies();
    const ownCodes: RecipientCodeEntry[] = parties
      .filter((party) => party.recipientCode && /^[A-Z0-9]{7}$/.test(party.recipientCode))
      .filter((party) => !TRANSPORT_FAILURE_CODE.test(party.recipientCode ?? ''))
      // A seeded code keeps its registry entry (owner, reachability): the sandbox's fixtures.
      .filter((party) => !SEED_RECIPIENT_CODES.some((entry) => entry.code === party.recipientCode))
      .map((party) => ({
        code: party.recipientCode ?? '',
        status: 'active' as const,
        ...(party.vat ? { ownerVat: party.vat.replace(/^[A-Z]{2}/, '') } : {}),
        description: party.name ?? 'Fiscus',
        reachable: true,
      }));
    // SDI delivers a 0000000 invoice without PEC on the channel the buyer registered for its VAT.
    const channelsOf = (vat: string) =>
      [...SEED_RECIPIENT_CODES, ...ownCodes]
        .filter((entry) => entry.ownerVat === vat && entry.status === 'active' && entry.reachable)
        .map((entry) => entry.code);
    const registries = createSdiRegistries({
      taxpayers: [
        ...companies.map((company) => ({
          country: 'IT',
          code: company.fiscalId,
          name: company.name ?? '',
        })),
        ...parties.flatMap((party) =>
          [party.vat, party.fiscalId]
            .filter((id): id is string => Boolean(id))
            .map((id) => ({
              country: /^[A-Z]{2}\d/.test(id) ? id.slice(0, 2) : 'IT',
              code: /^[A-Z]{2}\d/.test(id) ? id.slice(2) : id,
              name: party.name ?? '',
            })),
        ),
      ],
      recipientCodes: ownCodes,
    });
    return { registries, channelsOf };
  }

  /** SDI's checks and the delivery attempt, ending in NS, RC or MC. */
  private async process(uuid: string): Promise<void> {
    const { repository } = this.options;
    const invoice = await repository.findByUuid(uuid);
    if (!invoice || invoice.marking !== 'sent') return;
    const parsed = await parseInvoice(invoice.xml);
    if (!parsed.ok) {
      await this.notify(invoice, {
        type: 'NS',
        ...this.base(invoice),
        dataOraRicezione: new Date(),
        listaErrori: errorsOf(parsed.findings),
      });
      return;
    }
    const { registries, channelsOf } = await this.registries();
    const keys = invoiceKeys(parsed.invoice, parsed.format);
    const duplicates = await repository.acceptedDuplicateKeys(invoice, keys);
    const state: SdiState = {
      ...registries.state,
      isDuplicate: (key) =>
        duplicates.has(
          duplicateKey(
            `${key.sellerCountry}${key.sellerCode}`,
            key.documentType,
            key.date,
            key.number,
          ),
        ),
    };
    const receivedAt = invoice.createdAt;
    const result = await validateInvoice(invoice.xml, {
      layers: ['sdi'],
      sdi: { state, receivedAt, ...(invoice.sdiFileName ? { fileName: invoice.sdiFileName } : {}) },
    });
    if (!result.valid) {
      await this.notify(invoice, {
        type: 'NS',
        ...this.base(invoice),
        dataOraRicezione: receivedAt,
        listaErrori: errorsOf(result.findings),
      });
      return;
    }
    await this.deliver(invoice, registries, channelsOf);
  }

  /** Delivery: a reachable channel, IPA office or PEC gives RC; otherwise MC. */
  private async deliver(
    invoice: ItInvoiceRow,
    registries: SdiRegistries,
    channelsOf: (vat: string) => string[],
  ): Promise<void> {
    const code = (invoice.recipientCode ?? '').toUpperCase();
    const recipientOwner = await this.options.findRecipientAccount(invoice);
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
      const payload = invoice.payload as {
        fattura_elettronica_header?: { dati_trasmissione?: { pec_destinatario?: string } };
      };
      const pec = payload.fattura_elettronica_header?.dati_trasmissione?.pec_destinatario;
      const registered = channelsOf((invoice.recipientVat ?? '').replace(/^IT/, ''));
      if (pec) destinatario = { codice: NO_CHANNEL_CODE, descrizione: pec };
      else if (registered[0])
        destinatario = { codice: registered[0], descrizione: 'Canale registrato' };
      else if (recipientOwner) destinatario = { codice: NO_CHANNEL_CODE, descrizione: 'Fiscus' };
    } else if (meaning.kind === 'foreign-buyer') {
      destinatario = { codice: code, descrizione: 'Cessionario estero' };
    }
    if (!destinatario) {
      await this.notify(invoice, {
        type: 'MC',
        ...this.base(invoice),
        dataOraRicezione: invoice.createdAt,
        descrizione:
          'Il file non è stato recapitato al destinatario: è a disposizione nella sua area riservata.',
      });
      await this.startPaTerms(invoice);
      return;
    }
    await this.notify(invoice, {
      type: 'RC',
      ...this.base(invoice),
      dataOraRicezione: invoice.createdAt,
      dataOraConsegna: new Date(),
      destinatario,
    });
    await this.startPaTerms(invoice);
    if (recipientOwner) await this.receive(invoice, recipientOwner);
  }

  /** For an invoice to a public administration, SDI's terms start with RC or MC. */
  private async startPaTerms(invoice: ItInvoiceRow): Promise<void> {
    if (invoice.transmissionFormat !== 'FPA12') return;
    await this.options.jobs.enqueue(
      SDI_PA_TERMS_JOB,
      { uuid: invoice.uuid },
      this.after(this.options.paTermsMs),
    );
  }

  /**
   * The terms ran out: a delivered invoice the office neither accepted nor refused gets DT; one
   * that could not be delivered gets AT. An NE (or a scripted outcome) in between ends the terms.
   */
  private async paTermsExpired(uuid: string): Promise<void> {
    const invoice = await this.options.repository.findByUuid(uuid);
    if (!invoice || invoice.transmissionFormat !== 'FPA12') return;
    if (invoice.marking === 'delivered-pa') {
      await this.notify(invoice, this.deadlineTerms(invoice));
    } else if (
      invoice.marking === 'not-delivered' &&
      (await this.options.repository.countNotifications(uuid, 'AT')) === 0
    ) {
      await this.notify(invoice, this.transmissionCertificate(invoice));
    }
  }

  private reference(invoice: ItInvoiceRow) {
    return invoice.invoiceNumber &&
      invoice.invoiceDate &&
      /^[\x20-\x7E]{1,20}$/.test(invoice.invoiceNumber)
      ? { numeroFattura: invoice.invoiceNumber, annoFattura: invoice.invoiceDate.slice(0, 4) }
      : undefined;
  }

  private recipient(invoice: ItInvoiceRow) {
    return {
      codice: /^[A-Z0-9]{6,7}$/.test(invoice.recipientCode ?? '')
        ? (invoice.recipientCode ?? '')
        : NO_CHANNEL_CODE,
      descrizione: invoice.recipientName ?? 'Destinatario',
    };
  }

  private deadlineTerms(invoice: ItInvoiceRow, descrizione?: string): SdiMessageInput {
    const reference = this.reference(invoice);
    return {
      type: 'DT',
      ...this.base(invoice),
      ...(reference ? { riferimentoFattura: reference } : {}),
      ...(descrizione ? { descrizione } : {}),
    };
  }

  private transmissionCertificate(invoice: ItInvoiceRow): SdiMessageInput {
    return {
      type: 'AT',
      ...this.base(invoice),
      dataOraRicezione: invoice.createdAt,
      destinatario: this.recipient(invoice),
      originalFile: invoice.xml,
    };
  }

  /** The delivered invoice arrives in the recipient account as a supplier invoice. */
  private async receive(invoice: ItInvoiceRow, ownerId: string): Promise<void> {
    const { uuid: _uuid, createdAt: _createdAt, updatedAt: _updatedAt, ...copy } = invoice;
    const received = await this.options.repository.insert({
      ...copy,
      ownerId,
      type: 1,
      marking: 'received',
      downloaded: false,
      downloadedAt: null,
      fixOfUuid: null,
      fixedByUuid: null,
      archived: false,
      notice: null,
      sourceUuid: invoice.uuid,
    });
    await this.publishInvoice('supplier-invoice', received);
  }

  /** Announces an invoice event to the owner's webhooks (none with X-DisableEndpoints). */
  private async publishInvoice(event: WebhookEvent, invoice: ItInvoiceRow): Promise<void> {
    await publishWebhookEvent(this.options.jobs, {
      ownerId: invoice.ownerId,
      event,
      payload: toInvoiceItem(invoice),
      fiscalIds: ownFiscalIds(invoice),
      disableEndpoints: invoice.disableEndpoints,
    });
  }

  private base(invoice: ItInvoiceRow) {
    return {
      identificativoSdi: invoice.sdiFileId ?? '0',
      nomeFile: invoice.sdiFileName ?? 'IT00000000000_00000.xml',
    };
  }

  /** Builds, signs and stores one notification and moves the invoice's marking. */
  private async notify(invoice: ItInvoiceRow, input: SdiMessageInput): Promise<BuiltSdiMessage> {
    const { repository } = this.options;
    const progressivo = (await repository.countNotifications(invoice.uuid, input.type)) + 1;
    const built = buildSdiMessage(input, { signer: this.signer, progressivo });
    const notification = await repository.insertNotification({
      invoiceUuid: invoice.uuid,
      ownerId: invoice.ownerId,
      type: input.type,
      fileName: built.fileName,
      xml: built.xml,
      message: toNotificationJson(built.xml),
    });
    const esito = input.type === 'NE' ? input.esitoCommittente.esito : undefined;
    await repository.update(invoice.uuid, {
      marking: markingAfter(input.type, invoice.transmissionFormat, esito),
    });
    await publishWebhookEvent(this.options.jobs, {
      ownerId: invoice.ownerId,
      event: 'customer-notification',
      payload: toNotificationItem(notification),
      fiscalIds: ownFiscalIds(invoice),
      disableEndpoints: invoice.disableEndpoints,
    });
    this.options.logger.info(
      { invoice: invoice.uuid, notification: input.type },
      'sandbox SDI notification',
    );
    return built;
  }

  async script(invoiceUuid: string, outcome: ScriptedOutcome): Promise<void> {
    const { repository } = this.options;
    let invoice = await repository.findByUuid(invoiceUuid);
    if (!invoice) return;
    if (outcome.type === 'transport-failure') {
      await repository.update(invoiceUuid, { simulateTransportFailure: true });
      return;
    }
    if (!invoice.sdiFileId) {
      // SDI only answers files it received: give the invoice its SDI identity first.
      invoice =
        (await repository.update(invoiceUuid, {
          marking: 'sent',
          sdiFileId: String(randomInt(100_000_000, 999_999_999)),
          sdiFileName: sdiFileName(invoice),
        })) ?? invoice;
    }
    const base = this.base(invoice);
    const now = new Date();
    const reference = this.reference(invoice);
    switch (outcome.type) {
      case 'NS': {
        const code = outcome.errorCode ?? '00200';
        const known = (SDI_MESSAGES as Record<string, { it: string } | undefined>)[code];
        await this.notify(invoice, {
          type: 'NS',
          ...base,
          dataOraRicezione: invoice.createdAt,
          listaErrori: [
            { codice: code, descrizione: outcome.descrizione ?? known?.it ?? 'Errore' },
          ],
        });
        return;
      }
      case 'MC':
        await this.notify(invoice, {
          type: 'MC',
          ...base,
          dataOraRicezione: invoice.createdAt,
          ...(outcome.descrizione ? { descrizione: outcome.descrizione } : {}),
        });
        return;
      case 'RC':
        await this.notify(invoice, {
          type: 'RC',
          ...base,
          dataOraRicezione: invoice.createdAt,
          dataOraConsegna: now,
          destinatario: this.recipient(invoice),
        });
        return;
      case 'NE':
        await this.notify(invoice, {
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
        await this.notify(invoice, this.deadlineTerms(invoice, outcome.descrizione));
        return;
      case 'AT':
        await this.notify(invoice, this.transmissionCertificate(invoice));
        return;
    }
  }
}

/** The account's own company in the invoice (no country prefix): seller if sent, buyer if received. */
function ownFiscalIds(invoice: ItInvoiceRow): string[] {
  const ids =
    invoice.type === 0
      ? [invoice.senderVat, invoice.senderFiscalId]
      : [invoice.recipientVat, invoice.recipientFiscalId];
  return [
    ...new Set(
      ids
        .filter((id): id is string => Boolean(id))
        .map((id) => id.replace(/^[A-Z]{2}(?=\d{11}$)/, '')),
    ),
  ];
}

function uuidOf(payload: unknown): string {
  const uuid = (payload as { uuid?: unknown } | null)?.uuid;
  if (typeof uuid !== 'string') throw new Error('SDI job without an invoice uuid');
  return uuid;
}

/** SDI file name: IT + the transmitter's code + '_' + a 5-character progressive. */
function sdiFileName(invoice: ItInvoiceRow): string {
  const payload = invoice.payload as {
    fattura_elettronica_header?: {
      dati_trasmissione?: { id_trasmittente?: { id_paese?: string; id_codice?: string } };
    };
  };
  const id = payload.fattura_elettronica_header?.dati_trasmissione?.id_trasmittente;
  const prefix =
    id?.id_paese && id.id_codice
      ? `${id.id_paese}${id.id_codice}`
      : (invoice.senderVat ?? 'IT00000000000');
  const progressive = randomInt(0, 36 ** 5)
    .toString(36)
    .toUpperCase()
    .padStart(5, '0');
  return `${prefix}_${progressive}.xml`.slice(0, 50);
}

function errorsOf(findings: Finding[]) {
  const seen = new Set<string>();
  const errors: { codice: string; descrizione: string }[] = [];
  for (const finding of findings) {
    // NS lists SDI's 5-digit codes; our own codes (xml-malformed, …) are reported as 00200.
    const codice = /^\d{5}$/.test(finding.code) ? finding.code : '00200';
    const descrizione = finding.messageIt ?? finding.message;
    const key = `${codice}|${descrizione}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ codice, descrizione });
  }
  return errors.length > 0
    ? errors
    : [{ codice: '00200', descrizione: 'File non conforme al formato' }];
}

/** The duplicate keys (00404) of every body of the invoice. */
function invoiceKeys(invoice: AnyInvoice, format: InvoiceFormat) {
  const header = invoice.fattura_elettronica_header as {
    cedente_prestatore?: {
      dati_anagrafici?: { id_fiscale_iva?: { id_paese: string; id_codice: string } };
      id_fiscale_iva?: { id_paese: string; id_codice: string };
    };
  };
  const seller =
    format === 'FSM10'
      ? header.cedente_prestatore?.id_fiscale_iva
      : header.cedente_prestatore?.dati_anagrafici?.id_fiscale_iva;
  if (!seller) return [];
  const bodies = invoice.fattura_elettronica_body as {
    dati_generali?: {
      dati_generali_documento?: { tipo_documento?: string; data?: string; numero?: string };
    };
  }[];
  return bodies.flatMap((body) => {
    const document = body.dati_generali?.dati_generali_documento;
    if (!document?.tipo_documento || !document.data || !document.numero) return [];
    return [
      {
        senderVat: `${seller.id_paese}${seller.id_codice}`,
        documentType: document.tipo_documento,
        date: document.data,
        number: document.numero,
      },
    ];
  });
}
