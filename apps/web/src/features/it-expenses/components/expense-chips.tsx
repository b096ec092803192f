/**
 * The expenses' coloured chips (account spec 2.9, 3): an expense's status (success green, warning
 * orange, error and failed red, pending grey, sent blue) and a transmission's or a receipt's
 * outcome (0 success, 1 error, 2 warning; none yet while Sistema TS has not answered).
 */
import type { ExpenseOutcome, ExpenseStatus } from '@fiscus/contracts/expense-codes';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';

type ChipColour = 'default' | 'info' | 'success' | 'warning' | 'error';

const statusColours: Record<ExpenseStatus, ChipColour> = {
  pending: 'default',
  sent: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
  failed: 'error',
  cancelled: 'default',
};

export function ExpenseStatusChip({ status, t }: { status: ExpenseStatus; t: TFunction }) {
  return (
    <Chip
      size="small"
      color={statusColours[status]}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={t(`statuses.${status}`)}
    />
  );
}

const outcomeColours: Record<ExpenseOutcome, ChipColour> = {
  0: 'success',
  1: 'error',
  2: 'warning',
};

export function OutcomeChip({ outcome, t }: { outcome: ExpenseOutcome | null; t: TFunction }) {
  if (outcome === null) {
    return <Chip size="small" variant="outlined" label={t('outcomes.none')} />;
  }
  return <Chip size="small" color={outcomeColours[outcome]} label={t(`outcomes.${outcome}`)} />;
}
