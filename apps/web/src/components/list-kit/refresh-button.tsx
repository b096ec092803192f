/**
 * The refresh control every list shows: asks the server again for the rows on screen (markings
 * move by themselves, spec 9), spinning while an answer is on its way.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export interface RefreshButtonProps {
  onRefresh: () => void;
  /** An answer is on its way. */
  isRefreshing?: boolean;
}

export function RefreshButton({ onRefresh, isRefreshing = false }: RefreshButtonProps) {
  const { t } = useTranslation('listKit');
  const label = t('table.refresh');
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} aria-busy={isRefreshing} onClick={onRefresh}>
        {isRefreshing ? <CircularProgress size={24} /> : <RefreshIcon />}
      </IconButton>
    </Tooltip>
  );
}
