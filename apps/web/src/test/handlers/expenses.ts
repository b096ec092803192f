/**
 * An in-memory `/api/it/sistema-ts/expenses` resource (Sistema TS health expenses): the list with
 * its filters (or, with Accept application/zip, the zip of its receipts), one expense, its receipts
 * (a JSON array) and each receipt's PDF, and the create call checked with the API's own schema (a
 * 422 with violations for a body it would refuse).
 */
import { expenseRequestSchema, type Expense, type ExpenseReceipt } from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, parseBody } from './http';
import { memoryResource } from './memory-resource';

/** Accepted at its first transmission, with a warning of Sistema TS. */
export const sampleExpense: Expense = {
  id: 1,
  uuid: '5f0c7a52-8a8e-4f7e-9d3b-2b6f1f9c1a01',
  codice_fiscale_proprietario: 'RSSMRA80A01H501U',
  codice_fiscale_cittadino: 'BNCLCU85M10F205Z',
  flag_opposizione: false,
  amount: '1234.50',
  expense_type: 'SR',
  payment_tracked: true,
  document_type: 'F',
  document_number: 'FT-2026/17',
  document_date: '2026-11-20',
  payment_date: '2026-11-21',
  status: 'warning',
  created_at: '2026-11-21T09:30:00.000Z',
  updated_at: '2026-11-21T09:45:00.000Z',
  requests: [
    {
      id: 7,
      protocol_id: '26112109300012345',
      esito_chiamata: 2,
      requested_at: '2026-11-21T09:31:00.000Z',
      request_type: 'insert',
      responses: [
        {
          code: 'W210',
          description: 'Payment date after the document date',
          type: 'warning',
          received_at: '2026-11-21T09:45:00.000Z',
        },
      ],
    },
  ],
};

/** A citizen who opposed, not sent yet. */
export const sampleOpposedExpense: Expense = {
  ...sampleExpense,
  id: 2,
  uuid: '5f0c7a52-8a8e-4f7e-9d3b-2b6f1f9c1a02',
  codice_fiscale_cittadino: null,
  flag_opposizione: true,
  amount: '18.00',
  expense_type: 'FC',
  document_type: 'D',
  document_number: 'DC-0042',
  status: 'pending',
  created_at: '2026-11-22T08:00:00.000Z',
  updated_at: '2026-11-22T08:00:00.000Z',
  requests: [],
};

export const sampleExpenseReceipt: ExpenseReceipt = {
  protocol: '26112109300012345',
  expense_id: sampleExpense.uuid,
  url: `/api/it/sistema-ts/expenses/${sampleExpense.uuid}/receipts/26112109300012345`,
  date: '2026-11-21T09:45:00.000Z',
  description: 'Processed with warnings',
  outcome: 2,
  operation_type: 'insert',
};

const FILTERS = [
  'codice_fiscale_proprietario',
  'codice_fiscale_cittadino',
  'expense_type',
  'status',
  'document_number',
] as const;

export function expensesHandlers(
  seed: Expense[] = [sampleExpense, sampleOpposedExpense],
  receipts: Record<string, ExpenseReceipt[]> = { [sampleExpense.uuid]: [sampleExpenseReceipt] },
  now = '2026-11-23T10:00:00.000Z',
) {
  const expenses = memoryResource(
    seed.map((expense) => ({ ...expense })),
    (expense) => expense.uuid,
    'uuid',
  );
  const collection = apiUrl('it', '/sistema-ts/expenses');
  return [
    http.get(collection, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = expenses.items.filter((expense) =>
        FILTERS.every((name) => {
          const wanted = query.get(name);
          return !wanted || (expense[name] ?? '') === wanted;
        }),
      );
      if (request.headers.get('Accept') === 'application/zip') {
        return new HttpResponse('PK', {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="expense-receipts.zip"',
          },
        });
      }
      return hydraCollection(page);
    }),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, expenseRequestSchema);
      if (!body.ok) return body.response;
      const id = expenses.items.length + 1;
      return expenses.create({
        id,
        uuid: crypto.randomUUID(),
        codice_fiscale_proprietario: body.data.codice_fiscale_proprietario,
        codice_fiscale_cittadino: body.data.codice_fiscale_cittadino ?? null,
        flag_opposizione: body.data.flag_opposizione ?? false,
        amount: body.data.amount,
        expense_type: body.data.expense_type,
        payment_tracked: body.data.payment_tracked ?? true,
        document_type: body.data.document_type ?? 'F',
        document_number: body.data.document_number,
        document_date: body.data.document_date,
        payment_date: body.data.payment_date ?? body.data.document_date,
        status: 'pending',
        created_at: now,
        updated_at: now,
        requests: [],
      });
    }),
    http.get(apiUrl('it', '/sistema-ts/expenses/:uuid'), expenses.read),
    http.get(apiUrl('it', '/sistema-ts/expenses/:uuid/receipts'), ({ params }) =>
      expenses.find(params) ? HttpResponse.json(receipts[String(params.uuid)] ?? []) : notFound(),
    ),
    http.get(apiUrl('it', '/sistema-ts/expenses/:uuid/receipts/:protocol'), ({ params }) => {
      const receipt = receipts[String(params.uuid)]?.find(
        (entry) => entry.protocol === params.protocol,
      );
      if (!receipt) return notFound();
      return new HttpResponse('%PDF-1.4', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="receipt-${receipt.protocol}.pdf"`,
        },
      });
    }),
  ];
}
