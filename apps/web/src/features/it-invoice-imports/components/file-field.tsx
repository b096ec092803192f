import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormField } from '../../../components/form';
import type { FormFieldOptions } from '../../../components/form';

interface FileFieldProps extends FormFieldOptions {
  /** The form field holding the chosen `File` (or null). */
  name: string;
  accept: string;
  required?: boolean;
}

/**
 * A file input bound by name (the form kit's field): a button plus the chosen file's name. The
 * native input stays in the DOM (visually hidden) and carries the label, so assistive technology
 * and tests can use it.
 */
export function FileField({ name, accept, required, ...options }: FileFieldProps) {
  const { t } = useTranslation('invoiceImports');
  const { field, label, invalid, helperText } = useFormField(name, options);
  const inputRef = useRef<HTMLInputElement>(null);
  const helperId = useId();
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
          {required ? `${label} *` : label}
        </Button>
        <Typography
          variant="body2"
          color={file ? 'text.primary' : 'text.secondary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {file ? file.name : t('files.none')}
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={accept}
          aria-label={label}
          aria-describedby={helperText ? helperId : undefined}
          aria-invalid={invalid}
          style={{ display: 'none' }}
          onChange={(event) => {
            field.onChange(event.target.files?.[0] ?? null);
            // Choosing the same file again after removing it must fire a change again.
            event.target.value = '';
          }}
        />
      </Stack>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
