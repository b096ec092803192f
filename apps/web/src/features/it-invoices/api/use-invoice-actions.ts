import type { InvoiceNotification } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invoicePath, invoiceQueries } from './invoice-queries';

/** Refreshes one invoice everywhere it shows: its dialog queries and every list page. */
function useRefreshInvoice() {
  const queryClient = useQueryClient();
  return (uuid: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invoiceQueries.detailKey(uuid) }),
      queryClient.invalidateQueries({ queryKey: invoiceQueries.lists() }),
    ]);
}

/** POST /invoices/{uuid}/preserve (spec 8: 'Invoice to preservation succeeded'). */
export function usePreserveInvoice(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('it', `${invoicePath(uuid)}/preserve`, { method: 'POST' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: invoiceQueries.preservedDocument(uuid).queryKey }),
  });
}

/** POST /invoices/{uuid}/notify: sends the invoice to its webhooks now. */
export function useNotifyWebhooks(uuid: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<{ deliveries: number }>('it', `${invoicePath(uuid)}/notify`, { method: 'POST' }),
  });
}

/** PUT /invoices/{uuid}/archive-rejected: the rejected invoice is solved (archived). */
export function useArchiveRejected(uuid: string) {
  const refresh = useRefreshInvoice();
  return useMutation({
    mutationFn: () => apiFetch('it', `${invoicePath(uuid)}/archive-rejected`, { method: 'PUT' }),
    onSuccess: () => refresh(uuid),
  });
}

/** SDI outcomes the sandbox can script (POST /simulate/customer-notification/{type}/{uuid}). */
export type SimulatedOutcome =
  | { type: 'NS'; errorCode: string }
  | { type: 'NE'; esito: 'EC01' | 'EC02' }
  | { type: 'RC' | 'MC' | 'DT' | 'AT' };

const WAIT_STEP_MS = 400;
const WAIT_STEPS = 20;

/**
 * The sandbox answers through its job queue, a moment after the call returns. We wait until
 * the invoice has one more notification (or give up after ~8 s, e.g. when the outcome is only
 * scripted for a transmission still to come) so the refreshed dialog shows the result.
 */
async function simulate(uuid: string, outcome: SimulatedOutcome): Promise<void> {
  const notificationsPath = `${invoicePath(uuid)}/notifications`;
  const count = async () =>
    (
      await apiFetch<InvoiceNotification[]>('it', notificationsPath, {
        headers: { Accept: 'application/json' },
      })
    ).length;
  const before = await count();
  const body =
    outcome.type === 'NS'
      ? { error_code: outcome.errorCode }
      : outcome.type === 'NE'
        ? { esito: outcome.esito }
        : {};
  await apiFetch(
    'it',
    `/simulate/customer-notification/${outcome.type}/${encodeURIComponent(uuid)}`,
    {
      json: body,
    },
  );
  for (let step = 0; step < WAIT_STEPS; step += 1) {
    if ((await count()) > before) return;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

export function useSimulateNotification(uuid: string) {
  const refresh = useRefreshInvoice();
  return useMutation({
    mutationFn: (outcome: SimulatedOutcome) => simulate(uuid, outcome),
    onSettled: () => refresh(uuid),
  });
}
