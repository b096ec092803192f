/**
 * The transfer service's notices (what became of a file) in the user's language: each transfer
 * carries its notice as a code (`notice_code`, the service's TRANSFER_NOTICES in
 * `@fiscus/contracts`), translated under `notices.<code>`; a notice without a code (one this
 * console does not know) shows as the service wrote it.
 */
import type { InvoiceTransfer } from '@fiscus/contracts';
import type { TFunction } from 'i18next';

/** A transfer's notice in the user's language ('' without one). */
export function noticeText(
  transfer: Pick<InvoiceTransfer, 'notice' | 'notice_code'>,
  t: TFunction,
): string {
  if (transfer.notice_code !== null) return t(`notices.${transfer.notice_code}`);
  return transfer.notice ?? '';
}
