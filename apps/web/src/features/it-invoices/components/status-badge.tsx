import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import type { BadgeColor } from '../model/badge-colors';

/** The spec's named colours that MUI's palette has no slot for. */
const CUSTOM_COLORS: Partial<Record<BadgeColor, SxProps<Theme>>> = {
  gray: { bgcolor: 'grey.500', color: 'common.white' },
  blue: { bgcolor: '#1565c0', color: 'common.white' },
  orange: { bgcolor: '#ef6c00', color: 'common.white' },
  green: { bgcolor: '#2e7d32', color: 'common.white' },
};

type PaletteColor = 'success' | 'warning' | 'error' | 'primary';

/** A small coloured chip for a marking, a notification type or a preservation status. */
export function StatusBadge({ label, color }: { label: string; color: BadgeColor }) {
  const custom = CUSTOM_COLORS[color];
  if (custom) return <Chip size="small" label={label} sx={custom} data-color={color} />;
  if (color === 'neutral') {
    return <Chip size="small" label={label} data-color={color} variant="outlined" />;
  }
  return <Chip size="small" label={label} data-color={color} color={color as PaletteColor} />;
}
