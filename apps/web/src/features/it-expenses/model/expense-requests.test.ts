import type { Expense } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { latestReceiptProtocol, latestTransmission } from './expense-requests';

type Transmission = Expense['requests'][number];

const transmission = (
  id: number,
  requestedAt: string,
  outcome: Transmission['esito_chiamata'],
): Transmission => ({
  id,
  protocol_id: `P${id}`,
  esito_chiamata: outcome,
  requested_at: requestedAt,
  request_type: 'insert',
  responses: [],
});

describe("an expense's transmissions", () => {
  it('name the latest protocol, and the latest receipt among those answered', () => {
    const expense = {
      requests: [
        transmission(1, '2026-11-20T09:00:00.000Z', 1),
        transmission(3, '2026-11-22T09:00:00.000Z', null),
        transmission(2, '2026-11-21T09:00:00.000Z', 0),
      ],
    };
    expect(latestTransmission(expense)?.protocol_id).toBe('P3');
    expect(latestReceiptProtocol(expense)).toBe('P2');
  });

  it('name none before the first transmission or the first answer', () => {
    expect(latestTransmission({ requests: [] })).toBeNull();
    expect(latestReceiptProtocol({ requests: [] })).toBeNull();
    expect(
      latestReceiptProtocol({ requests: [transmission(1, '2026-11-20T09:00:00.000Z', null)] }),
    ).toBeNull();
  });
});
