/**
 * The icon buttons at the end of a list row: one tooltip, one accessible name and one click per
 * action, so a page lists its actions as data instead of writing the tooltip/button/icon triple.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

export interface RowAction {
  /** Stable id, the React key. */
  id: string;
  /** Tooltip and accessible name. */
  label: string;
  icon: SvgIconComponent;
  onClick: () => void;
  /** `error` for destructive actions (delete). */
  color?: 'error';
  /** Leaves the action out of this row (e.g. a role the user lacks). */
  hidden?: boolean;
  /** Shown but not clickable (e.g. while its request runs). */
  disabled?: boolean;
}

export interface RowActionsProps {
  actions: readonly RowAction[];
}

/** A row's actions as small icon buttons with tooltips, in the order given. */
export function RowActions({ actions }: RowActionsProps) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {actions
        .filter((action) => !action.hidden)
        .map(({ id, label, icon: Icon, onClick, color, disabled = false }) => {
          const button = (
            <IconButton
              size="small"
              aria-label={label}
              color={color}
              disabled={disabled}
              onClick={onClick}
            >
              <Icon fontSize="small" />
            </IconButton>
          );
          return (
            <Tooltip key={id} title={label}>
              {/* A disabled button fires no events: a span keeps the tooltip working. */}
              {disabled ? <span>{button}</span> : button}
            </Tooltip>
          );
        })}
    </Stack>
  );
}
