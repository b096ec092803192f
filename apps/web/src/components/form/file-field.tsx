/**
 * A file input bound by name (the form kit's field): a button, the chosen file's name (or what
 * the caller says of it) and, when given, a hint that stays under it whatever the error (the
 * limits of an upload). The native input stays in the DOM, hidden, and carries the label, so
 * assistive technology and tests can use it. The form holds the chosen `File` or null.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useFormField } from './use-form-field';
import type { FormFieldOptions } from './use-form-field';

export interface FileFieldProps extends FormFieldOptions {
  /** The form field holding the chosen `File` (or null). */
  name: string;
  accept: string;
  required?: boolean;
  /** Shown while no file is chosen. */
  emptyLabel: string;
  /** What is shown of the chosen file (default: its name). */
  describeFile?: (file: File) => string;
  /** A line under the field that stays with or without an error. */
  hint?: string;
}

export function FileField({
  name,
  accept,
  required,
  emptyLabel,
  describeFile = (file) => file.name,
  hint,
  ...options
}: FileFieldProps) {
  const { field, label, invalid, helperText } = useFormField(name, options);
  const inputRef = useRef<HTMLInputElement>(null);
  const helperId = useId();
  const hintId = useId();
  const value: unknown = field.value;
  const file = value instanceof File ? value : null;
  const describedBy = [hint ? hintId : '', helperText ? helperId : ''].filter(Boolean).join(' ');
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
          {file ? describeFile(file) : emptyLabel}
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={accept}
          aria-label={label}
          aria-describedby={describedBy || undefined}
          aria-invalid={invalid}
          style={{ display: 'none' }}
          onChange={(event) => {
            field.onChange(event.target.files?.[0] ?? null);
            // Choosing the same file again after removing it must fire a change again.
            event.target.value = '';
          }}
        />
      </Stack>
      {hint && (
        <FormHelperText id={hintId} error={false}>
          {hint}
        </FormHelperText>
      )}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
