import Chip from '@mui/material/Chip';
import { formatMoney } from '../../../lib/decimal-amount';
import type { InvoicePayment } from '../model/invoice-payment';
import { formatInvoiceDate } from '../model/invoice-timestamp';

/** A translator that interpolates (`invoices` namespace). */
export type PaymentTranslate = (key: string, values?: Record<string, string>) => string;

/** "Partly paid: € 500.00 of € 1,220.50" (or without the total when the invoice has none). */
export function partlyPaidText(
  payment: Extract<InvoicePayment, { state: 'partlyPaid' }>,
  t: PaymentTranslate,
  language: string,
): string {
  const paid = formatMoney(payment.paidAmount, language);
  return payment.total === null
    ? t('payment.partlyPaidSoFar', { paid })
    : t('payment.partlyPaid', { paid, total: formatMoney(payment.total, language) });
}

/** "Paid on 12 Mar 2026", "Partly paid: … of …" or "Not paid yet": the details dialog's line. */
export function paymentSentence(
  payment: InvoicePayment,
  t: PaymentTranslate,
  language: string,
): string {
  switch (payment.state) {
    case 'paid':
      return payment.paidAt
        ? t('payment.paidOn', { date: formatInvoiceDate(payment.paidAt, language) })
        : t('payment.paid');
    case 'partlyPaid':
      return partlyPaidText(payment, t, language);
    case 'unpaid':
      return t('payment.notPaid');
  }
}

/**
 * The customer invoice list's payment cell: a green "Paid" chip and the day, an amber "Partly
 * paid" chip with the amounts, nothing while no transaction paid the invoice. The amounts chip
 * wraps, so a long amount in Polish does not widen the table.
 */
export function InvoicePaymentChip({
  payment,
  t,
  language,
}: {
  payment: InvoicePayment;
  t: PaymentTranslate;
  language: string;
}) {
  switch (payment.state) {
    case 'paid':
      return (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
          <Chip size="small" color="success" label={t('payment.paid')} />
          {payment.paidAt && (
            <span style={{ whiteSpace: 'nowrap' }}>
              {formatInvoiceDate(payment.paidAt, language)}
            </span>
          )}
        </span>
      );
    case 'partlyPaid':
      return (
        <Chip
          size="small"
          color="warning"
          label={partlyPaidText(payment, t, language)}
          sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      );
    case 'unpaid':
      return null;
  }
}
