/**
 * Invoice list timestamps, "dd MMM yyyy HH:mm" (spec 9), and calendar dates, "dd MMM yyyy": the
 * list kit's one helper, so every screen writes dates the same way.
 */
export {
  formatListMinutes as formatInvoiceTimestamp,
  formatListDate as formatInvoiceDate,
} from '../../../components/list-kit/timestamp';

/** Bytes as KB with 2 decimals (spec 9, preserved documents). */
export function formatKilobytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bytes / 1024);
}
