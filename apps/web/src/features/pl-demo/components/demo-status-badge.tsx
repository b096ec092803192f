import Chip from '@mui/material/Chip';
import { demoStatusColor } from '../model/demo-form';

/** A demo invoice's status as a chip in the colours of spec 4. */
export function DemoStatusBadge({ status, label }: { status: string; label: string }) {
  const color = demoStatusColor(status);
  if (color === 'neutral') {
    return <Chip size="small" variant="outlined" label={label} data-color={color} />;
  }
  return <Chip size="small" color={color} label={label} data-color={color} />;
}
