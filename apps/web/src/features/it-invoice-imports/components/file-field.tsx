import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface FileFieldProps {
  label: string;
  accept: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  error?: string;
  hint?: string;
}

/**
 * A file input as a button plus the chosen file's name. The native input stays in the DOM
 * (visually hidden) and carries the label, so assistive technology and tests can use it.
 */
export function FileField({
  label,
  accept,
  value,
  onChange,
  required,
  error,
  hint,
}: FileFieldProps) {
  const { t } = useTranslation('invoiceImports');
  const inputRef = useRef<HTMLInputElement>(null);
  const helperId = useId();
  return (
    <FormControl error={Boolean(error)} fullWidth>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          color={error ? 'error' : 'primary'}
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
        >
          {required ? `${label} *` : label}
        </Button>
        <Typography
          variant="body2"
          color={value ? 'text.primary' : 'text.secondary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {value ? value.name : t('files.none')}
        </Typography>
        <input
          ref={inputRef}
          type="file"
          accept={accept}
          aria-label={label}
          aria-describedby={error || hint ? helperId : undefined}
          aria-invalid={Boolean(error)}
          style={{ display: 'none' }}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            // Choosing the same file again after removing it must fire a change again.
            event.target.value = '';
          }}
        />
      </Stack>
      {(error ?? hint) && <FormHelperText id={helperId}>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
