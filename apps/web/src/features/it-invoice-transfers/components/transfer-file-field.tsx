/**
 * The upload dialog's file chooser, bound by name on the form kit: a button, the chosen file's
 * name and size, and the limits said up front (an invoice or a zip of invoices, and how large).
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormField } from '../../../components/form';
import { TRANSFER_ACCEPT } from '../model/upload-rules';

function kilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

export function TransferFileField({ name, hint }: { name: string; hint: string }) {
  const { t } = useTranslation('invoiceTransfers');
  const { field, label, invalid, helperText } = useFormField(name, { help: null });
  const inputRef = useRef<HTMLInputElement>(null);
  const helperId = useId();
  const hintId = useId();
  const value: unknown = field.value;
  const file = value instanceof File ? value : null;
  return (
    <FormControl error={invalid} fullWidth>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          color={invalid ? 'error' : 'primary'}
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
        >
          {`${label} *`}
        </Button>
        <Typography
          variant="body2"
          color={file ? 'text.primary' : 'text.secondary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {file
            ? t('upload.chosen', { name: file.name, size: kilobytes(file.size) })
            : t('upload.noFile')}
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={TRANSFER_ACCEPT}
          aria-label={label}
          aria-describedby={helperText ? `${hintId} ${helperId}` : hintId}
          aria-invalid={invalid}
          style={{ display: 'none' }}
          onChange={(event) => {
            field.onChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </Stack>
      <FormHelperText id={hintId} error={false}>
        {hint}
      </FormHelperText>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
