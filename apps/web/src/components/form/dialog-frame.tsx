/**
 * The frame of every console dialog with a form: the MUI Dialog labelled by its title, an
 * optional close button in the title, an optional header under it (tabs), and the loading and
 * error states of whatever the dialog needs to load before its content can show.
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
      fullScreen={fullScreen}
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
      {header}
      {/* Closed dialogs unmount their content: each opening starts afresh. */}
      {open && content}
    </Dialog>
  );
}
