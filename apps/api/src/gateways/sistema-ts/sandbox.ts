import { randomInt } from 'node:crypto';
import { expenseTypes, untrackedPaymentAllowed, type ExpenseType } from '@fiscus/contracts';
import { codiceFiscaleCheckLetter, isValidCodiceFiscale } from '@fiscus/fatturapa/fields';
import { romeClock } from '../ade-receipts/rome-clock.ts';
import { isExpenseAmount, isIsoDate } from './document-fields.ts';
import { sistemaTsReceiptPdf } from './sandbox-receipt-pdf.ts';
import type { TsSandboxStore } from './sandbox-store.ts';
import type {
  SistemaTsGateway,
  TsDocument,
  TsFileOutcome,
  TsMessage,
  TsOutcomeCode,
  TsTransmission,
} from './sistema-ts-gateway.ts';
import { SistemaTsUnavailableError } from './sistema-ts-gateway.ts';

/** A citizen's codice fiscale of the sandbox: 15 characters and their check letter. */
function sandboxCitizen(first15: string): string {
  return first15 + codiceFiscaleCheckLetter(first15);
}

/**
 * Citizens' fiscal codes that rehearse Sistema TS's failures (README "The Sistema TS sandbox"),
 * as the SDI sandbox's recipient codes do; each is a well-formed code with its check letter, so
 * the API's own checks let it through. Any other valid code is a known citizen.
 */
export const TS_SCENARIOS = {
  /** Not in the tax registry (Anagrafe tributaria): the document is refused. */
  unknownCitizen: sandboxCitizen('SCNCTD80A01H501'),
  /** The service fails on the file's first try; it goes through on the next. */
  busyOnce: sandboxCitizen('BSYNCE80A01H501'),
  /** The service fails on every try: the retries run out. */
  down: sandboxCitizen('DWNSRV80A01H501'),
} as const;

/**
 * The messages of the sandbox's checks. Sistema TS answers in Italian with its own codes; its
 * public technical specification of the 730 service gives no code list here, so the codes are
 * named for what they check.
 */
export const TS_MESSAGES = {
  ownerInvalid: ['CF_PROPRIETARIO_NON_VALIDO', 'Codice fiscale del proprietario non valido.'],
  citizenMissing: [
    'CF_CITTADINO_ASSENTE',
    'Codice fiscale del cittadino obbligatorio in assenza di opposizione.',
  ],
  citizenInvalid: ['CF_CITTADINO_NON_VALIDO', 'Codice fiscale del cittadino formalmente errato.'],
  citizenWithOpposition: [
    'CF_CITTADINO_CON_OPPOSIZIONE',
    'In presenza di opposizione il codice fiscale del cittadino non va indicato.',
  ],
  citizenUnknown: [
    'CF_CITTADINO_NON_PRESENTE',
    'Codice fiscale del cittadino non presente in Anagrafe tributaria.',
  ],
  amountInvalid: ['IMPORTO_NON_VALIDO', 'Importo della spesa non valido.'],
  typeInvalid: ['TIPO_SPESA_NON_VALIDO', 'Tipologia di spesa non prevista.'],
  dateInvalid: ['DATA_NON_VALIDA', 'Data del documento o del pagamento non valida o futura.'],
  duplicate: [
    'DOCUMENTO_DUPLICATO',
    'Documento già trasmesso (stessi proprietario, data e numero documento).',
  ],
  untracked: [
    'PAGAMENTO_NON_TRACCIATO',
    'Pagamento non tracciato: la spesa non è detraibile per questa tipologia.',
  ],
  notPresent: [
    'DOCUMENTO_NON_PRESENTE',
    'Documento da cancellare non presente (mai accettato o già cancellato).',
  ],
} as const satisfies Record<string, readonly [string, string]>;

type MessageKey = keyof typeof TS_MESSAGES;

function message(key: MessageKey, type: TsMessage['type']): TsMessage {
  const [code, description] = TS_MESSAGES[key];
  return { code, description, type };
}

/**
 * The data checks Sistema TS applies to one document, errors then warnings (a duplicate is found
 * when the document is recorded). `today` is the Italian day the file is processed on.
 */
export function checkDocument(document: TsDocument, today: string): TsMessage[] {
  const found: TsMessage[] = [];
  if (!isValidCodiceFiscale(document.ownerFiscalCode)) {
    found.push(message('ownerInvalid', 'error'));
  }
  const citizen = document.citizenFiscalCode;
  if (document.opposition) {
    if (citizen) found.push(message('citizenWithOpposition', 'error'));
  } else if (!citizen) {
    found.push(message('citizenMissing', 'error'));
  } else if (citizen.length !== 16 || !isValidCodiceFiscale(citizen)) {
    found.push(message('citizenInvalid', 'error'));
  } else if (citizen === TS_SCENARIOS.unknownCitizen) {
    found.push(message('citizenUnknown', 'error'));
  }
  if (!isExpenseAmount(document.amount)) {
    found.push(message('amountInvalid', 'error'));
  }
  if (!(expenseTypes as readonly string[]).includes(document.expenseType)) {
    found.push(message('typeInvalid', 'error'));
  }
  if (
    !isIsoDate(document.documentDate) ||
    !isIsoDate(document.paymentDate) ||
    document.documentDate > today ||
    document.paymentDate > today
  ) {
    found.push(message('dateInvalid', 'error'));
  }
  if (
    !document.paymentTracked &&
    !untrackedPaymentAllowed.includes(document.expenseType as ExpenseType)
  ) {
    found.push(message('untracked', 'warning'));
  }
  return found;
}

function outcomeOf(messages: TsMessage[]): TsOutcomeCode {
  if (messages.some((entry) => entry.type === 'error')) return 1;
  return messages.length > 0 ? 2 : 0;
}

/** The file's outcome from its documents': all accepted 0, none 1, otherwise 2. */
export function fileOutcome(outcomes: TsOutcomeCode[]): TsOutcomeCode {
  if (outcomes.every((outcome) => outcome === 0)) return 0;
  if (outcomes.every((outcome) => outcome === 1)) return 1;
  return 2;
}

/** A protocol as Sistema TS gives them: the Italian time of receipt (yyMMddHHmmss) and 5 digits. */
function drawProtocol(now: Date): string {
  const rome = romeClock(now);
  const time = [rome.hour, rome.minute, rome.second].map((part) => String(part).padStart(2, '0'));
  const stamp = `${rome.day.slice(2).replaceAll('-', '')}${time.join('')}`;
  return `${stamp}${String(randomInt(100_000)).padStart(5, '0')}`;
}

export const TS_PROTOCOL = /^\d{17}$/;

export type SandboxSistemaTsOptions = {
  store: TsSandboxStore;
  /** How long Sistema TS takes to process a file (the sandbox's time scale). */
  processingDelayMs: number;
};

/**
 * Sistema TS as a sandbox: a file gets its protocol at once (or fails to reach the service on the
 * scenario codes above), is processed once its processing time has passed (each document checked,
 * accepted documents recorded so that a second sending is a duplicate), and its receipt is the PDF
 * of what was decided.
 */
export class SandboxSistemaTsGateway implements SistemaTsGateway {
  constructor(private readonly options: SandboxSistemaTsOptions) {}

  async submit(transmission: TsTransmission, now: Date): Promise<{ protocol: string }> {
    const citizens = new Set(transmission.documents.map((document) => document.citizenFiscalCode));
    if (
      citizens.has(TS_SCENARIOS.down) ||
      (citizens.has(TS_SCENARIOS.busyOnce) && transmission.attempt <= 1)
    ) {
      throw new SistemaTsUnavailableError('Sistema TS could not be reached.');
    }
    for (let draw = 0; draw < 10; draw++) {
      const protocol = drawProtocol(now);
      const received = await this.options.store.receive({
        protocol,
        ownerFiscalCode: transmission.ownerFiscalCode,
        operation: transmission.operation,
        receivedAt: now,
        documents: transmission.documents,
      });
      if (received) return { protocol };
    }
    throw new SistemaTsUnavailableError('Sistema TS gave no protocol: try again.');
  }

  async outcome(protocol: string, now: Date): Promise<TsFileOutcome | null> {
    const file = await this.options.store.find(protocol);
    if (!file) return null;
    if (file.outcome) return file.outcome;
    if (now.getTime() - file.receivedAt.getTime() < this.options.processingDelayMs) return null;
    const today = romeClock(now).day;
    const outcome = await this.options.store.process(protocol, async (received, record) => {
      const documents = [];
      for (const document of received.documents) {
        if (received.operation === 'delete') {
          // A cancellation names the document it takes back: it must be one Sistema TS holds.
          const messages = (await record.withdraw(document))
            ? []
            : [message('notPresent', 'error')];
          documents.push({ outcome: outcomeOf(messages), messages });
          continue;
        }
        const messages = checkDocument(document, today);
        if (outcomeOf(messages) !== 1 && !(await record.accept(document))) {
          messages.unshift(message('duplicate', 'error'));
        }
        documents.push({ outcome: outcomeOf(messages), messages });
      }
      return {
        outcome: fileOutcome(documents.map((document) => document.outcome)),
        processedAt: now,
        documents,
      };
    });
    return outcome ?? null;
  }

  async receipt(protocol: string): Promise<Buffer | null> {
    const file = await this.options.store.find(protocol);
    if (!file?.outcome) return null;
    return sistemaTsReceiptPdf(file, file.outcome);
  }
}
