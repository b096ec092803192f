import Chip from '@mui/material/Chip';
import { statusColor } from '../model/invoice-labels';

/** An invoice's status as a small chip in the colour of spec 4 (`invoice-labels.ts`). */
export function InvoiceStatusBadge({ status, label }: { status: string; label: string }) {
  const color = statusColor(status);
  if (color === 'neutral') {
    return <Chip size="small" variant="outlined" label={label} data-color={color} />;
  }
  return <Chip size="small" color={color} label={label} data-color={color} />;
}
