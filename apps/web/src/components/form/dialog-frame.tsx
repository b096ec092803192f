/**
 * The frame of every console dialog with a form: the MUI Dialog labelled by its title, an
 * optional close button in the title, an optional header under it (tabs), and the loading and
 * error states of whatever the dialog needs to load before its content can show. On a phone
 * (below 600 px) a wide dialog (md and up: the invoice dialogs) fills the screen and its fixed
 * tabs share the width, each label whole (scrollable ones scroll).
 */
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import type { DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import type { ReactNode } from 'react';

/** What the dialog loads first: a spinner while pending, an error alert when it failed. */
export interface DialogLoad {
  isPending: boolean;
  isError: boolean;
  /** The spinner's accessible name. */
  pendingLabel: string;
  /** The alert's text when loading failed. */
  errorText: string;
  /** A button under the error alert that closes the dialog; none when omitted. */
  cancelLabel?: string;
}

export interface DialogFrameProps {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The accessible name of a close button in the title; no button when omitted. */
  closeLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  /** Full-screen at every width; wide dialogs (md and up) are full-screen on a phone anyway. */
  fullScreen?: boolean;
  /** Shown between the title and the content whatever the load state (tabs). */
  header?: ReactNode;
  load?: DialogLoad;
  children: ReactNode;
}

export function DialogFrame({
  open = true,
  onClose,
  title,
  closeLabel,
  maxWidth = 'sm',
  fullScreen = false,
  header,
  load,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const wide = maxWidth === 'md' || maxWidth === 'lg' || maxWidth === 'xl';
  const fillScreen = fullScreen || (phone && wide);
  let content = children;
  if (load?.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={load.pendingLabel} />
      </Box>
    );
  } else if (load?.isError) {
    content = (
      <>
        <DialogContent>
          <Alert severity="error">{load.errorText}</Alert>
        </DialogContent>
        {load.cancelLabel && (
          <DialogActions>
            <Button onClick={onClose}>{load.cancelLabel}</Button>
          </DialogActions>
        )}
      </>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={fillScreen}
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={closeLabel ? { pr: 6 } : undefined}>
        {title}
        {closeLabel && (
          <IconButton
            aria-label={closeLabel}
            onClick={onClose}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      {header && phone ? (
        // Fixed tabs share the width and wrap their labels: 'Create invoice' and 'Create invoice
        // from source' stay distinct instead of the second one running off the screen.
        // Scrollable tabs (more than a phone holds) keep their labels whole and scroll.
        <Box
          sx={{
            '& .MuiTabs-root': { px: 1 },
            '& .MuiTabs-fixed .MuiTab-root': {
              flex: 1,
              minWidth: 0,
              maxWidth: 'none',
              px: 1,
              whiteSpace: 'normal',
              lineHeight: 1.25,
            },
          }}
        >
          {header}
        </Box>
      ) : (
        header
      )}
      {/* Closed dialogs unmount their content: each opening starts afresh. */}
      {open && content}
    </Dialog>
  );
}
