import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useImportMessage } from './use-import-message';

type WithFileNameAndSdiId = FieldValues & { invoice_file_name: string; sdi_id: string };

/**
 * The invoice file name and SDI id of both import dialogs: required only when nothing else
 * (notifications, metadata) gives them, with a hint saying where they come from otherwise.
 */
export function FileNameAndSdiIdFields<T extends WithFileNameAndSdiId>({
  control,
  required,
  hint,
}: {
  control: Control<T>;
  required: boolean;
  hint: string;
}) {
  const { t } = useTranslation('invoiceImports');
  const translate = useImportMessage();
  const names = ['invoice_file_name', 'sdi_id'] as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      {names.map((name) => (
        <Controller
          key={name}
          name={name as Path<T>}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label={t(`fields.${name}`)}
              required={required}
              error={fieldState.invalid}
              helperText={translate(fieldState.error?.message) ?? hint}
            />
          )}
        />
      ))}
    </Box>
  );
}
