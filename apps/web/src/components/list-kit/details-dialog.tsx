import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DetailsDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  isLoading: boolean;
  isError: boolean;
  children?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /**
   * Keeps the dialog at the top of the screen instead of centred, so a tab bar inside stays in
   * place when a tab of another height is chosen.
   */
  alignTop?: boolean;
}

/**
 * The dialog a list opens over itself for one record. A loader while the record loads;
 * nothing at all on error (spec 4: "Dialogs show a loader while loading and nothing on error").
 */
export function DetailsDialog({
  open,
  onClose,
  title,
  isLoading,
  isError,
  children,
  maxWidth = 'sm',
  alignTop = false,
}: DetailsDialogProps) {
  const { t } = useTranslation('listKit');
  const titleId = useId();
  if (isError) return null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      sx={alignTop ? { '& .MuiDialog-container': { alignItems: 'flex-start' } } : undefined}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('dialog.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('dialog.loading')} />
          </Box>
        ) : (
          children
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Label/value rows for a details dialog (label above value on a phone). */
export function DetailsList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // On a phone the label sits above its value, so values keep the whole width and words
        // break only where they may (a long file name still wraps rather than overflowing).
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
            {item.label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'break-word', wordBreak: 'normal' }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
