import type {
  Expense,
  ExpenseDocumentType,
  ExpenseOutcome,
  ExpenseReceipt,
  ExpenseRequestType,
  ExpenseStatus,
  ExpenseType,
} from '@fiscus/contracts';
import type { ExpenseTransmission, ExpenseWithRequests } from './expenses.repository.ts';

/** Where an expense's receipts are downloaded (the API's own path, as the provider's `url`). */
export function receiptUrl(expenseUuid: string, protocol: string): string {
  return `/api/it/sistema-ts/expenses/${expenseUuid}/receipts/${protocol}`;
}

type StoredResponse = {
  code: string;
  description: string;
  type: 'error' | 'warning';
  received_at: string;
};

function responsesOf(value: unknown): StoredResponse[] {
  return Array.isArray(value) ? (value as StoredResponse[]) : [];
}

function requestTypeOf(value: string): ExpenseRequestType {
  return value === 'delete' ? 'delete' : 'insert';
}

function outcomeOf(value: number | null): ExpenseOutcome | null {
  return value === 0 || value === 1 || value === 2 ? value : null;
}

/** The transmissions Sistema TS gave a protocol (spec 3: requests without one are dropped). */
function withProtocol(transmissions: ExpenseTransmission[]) {
  return transmissions.flatMap((transmission) => {
    const protocol = transmission.request.protocolId;
    return protocol ? [{ ...transmission, protocol }] : [];
  });
}

export function toExpense(row: ExpenseWithRequests): Expense {
  return {
    id: row.id,
    uuid: row.uuid,
    codice_fiscale_proprietario: row.ownerFiscalCode,
    codice_fiscale_cittadino: row.citizenFiscalCode,
    flag_opposizione: row.opposition,
    amount: row.amount,
    expense_type: row.expenseType as ExpenseType,
    payment_tracked: row.paymentTracked,
    document_type: row.documentType as ExpenseDocumentType,
    document_number: row.documentNumber,
    document_date: row.documentDate,
    payment_date: row.paymentDate,
    status: row.status as ExpenseStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    requests: withProtocol(row.transmissions).map(({ request, protocol, outcome, responses }) => ({
      id: request.id,
      protocol_id: protocol,
      esito_chiamata: outcomeOf(outcome),
      requested_at: (request.requestedAt ?? request.createdAt).toISOString(),
      request_type: requestTypeOf(request.requestType),
      responses: responsesOf(responses),
    })),
  };
}

const ACCEPTED = {
  insert: 'Documento accettato da Sistema TS.',
  delete: 'Cancellazione accettata da Sistema TS.',
} as const;

/** The receipts of an expense: one a processed transmission, newest last. */
export function toReceipts(row: ExpenseWithRequests): ExpenseReceipt[] {
  return withProtocol(row.transmissions).flatMap(({ request, protocol, outcome, responses }) => {
    const result = outcomeOf(outcome);
    if (result === null || !request.outcomeAt || !request.receiptFile) return [];
    const messages = responsesOf(responses);
    return [
      {
        protocol,
        expense_id: row.uuid,
        url: receiptUrl(row.uuid, protocol),
        date: request.outcomeAt.toISOString(),
        description:
          messages.length === 0
            ? ACCEPTED[requestTypeOf(request.requestType)]
            : messages.map((entry) => `${entry.code}: ${entry.description}`).join(' '),
        outcome: result,
        operation_type: requestTypeOf(request.requestType),
      },
    ];
  });
}
