/**
 * What a transaction pays (issue 36): the numbers of the invoices it was matched to, or a "to
 * confirm" chip for a suggestion, which opens its candidates.
 */
import type { ObTransaction } from '@fiscus/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function MatchCell({
  transaction,
  onConfirm,
}: {
  transaction: ObTransaction;
  onConfirm: (transaction: ObTransaction) => void;
}) {
  const { t } = useTranslation('obBankActivity');
  const match = transaction.match;
  if (!match || match.state === 'rejected') return <span>—</span>;
  const numbers = match.invoices.map((invoice) => invoice.number).join(', ');
  if (match.state === 'matched') {
    return <span style={{ overflowWrap: 'anywhere' }}>{numbers}</span>;
  }
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={t('match.toConfirm')}
      onClick={() => onConfirm(transaction)}
      aria-label={t('match.toConfirmFor', { invoices: numbers || '—' })}
      data-testid={`ob-match-${transaction.transactionId}`}
    />
  );
}
