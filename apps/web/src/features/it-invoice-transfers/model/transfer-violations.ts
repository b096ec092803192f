/**
 * A transfer's violations (spec 3: "JSON text holding a list of objects with propertyPath and
 * message") read into a list the dialogs show; text that is not such a list shows as one message.
 */
import { transferViolationSchema } from '@fiscus/contracts';
import type { InvoiceTransfer, TransferViolation } from '@fiscus/contracts';
import { z } from 'zod';

const violationListSchema = z.array(transferViolationSchema);

export function transferViolations(text: string | null): TransferViolation[] {
  if (text === null || text.trim() === '') return [];
  try {
    const parsed = violationListSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: shown as it is below.
  }
  return [{ propertyPath: '', message: text }];
}

export function hasViolations(transfer: Pick<InvoiceTransfer, 'violations'>): boolean {
  return transferViolations(transfer.violations).length > 0;
}

/**
 * Still being read or sent: no violations and no invoice yet, either queued (a single file's
 * transfer waits for the service to read it) or read and on its way to SDI.
 */
export function isProcessing(
  transfer: Pick<InvoiceTransfer, 'violations' | 'invoice_uuid' | 'notice_code' | 'notice'>,
): boolean {
  return (
    !hasViolations(transfer) &&
    transfer.invoice_uuid === null &&
    (transfer.notice_code === 'queued' || transfer.notice === null)
  );
}
