/**
 * The buttons under a form: Cancel, then the submit button with its busy state (a spinner at its
 * start, disabled until the request ends). A form dialog's submit is `type="submit"`; a form with
 * steps (the invoice form's validate, then submit) passes `onSubmit`.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

export interface FormActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** Called on click; without it the button submits the enclosing form. */
  onSubmit?: () => void;
  busy?: boolean;
  disabled?: boolean;
  /** Cancel waits for the request too. */
  cancelWhileBusy?: boolean;
}

export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  onSubmit,
  busy = false,
  disabled = false,
  cancelWhileBusy = true,
}: FormActionsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} disabled={busy && !cancelWhileBusy}>
        {cancelLabel}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        variant="contained"
        onClick={onSubmit}
        disabled={disabled}
        loading={busy}
        loadingPosition="start"
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
