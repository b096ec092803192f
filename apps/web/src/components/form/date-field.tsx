/**
 * A date bound by name, picked and written in the user's language (the MUI X date picker under
 * the app's LocalizationProvider, as the list kit's filters). The form holds `YYYY-MM-DD` or ''.
 */
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useFormField } from './use-form-field';
import type { FormFieldOptions } from './use-form-field';

const ISO_DATE = 'YYYY-MM-DD';

export function DateField({
  name,
  label,
  help,
  translateMessage,
  required,
  disabled,
  size,
}: FormFieldOptions & {
  name: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const { field, ...bound } = useFormField(name, { label, help, translateMessage });
  const value: unknown = field.value;
  const parsed = typeof value === 'string' && value !== '' ? dayjs(value) : null;
  return (
    <DatePicker
      label={bound.label}
      // Day first in every language, as the list kit's date filters.
      format="DD/MM/YYYY"
      value={parsed?.isValid() ? parsed : null}
      disabled={disabled}
      inputRef={field.ref}
      onChange={(next) => field.onChange(next?.isValid() ? next.format(ISO_DATE) : '')}
      onClose={field.onBlur}
      slotProps={{
        textField: {
          name: field.name,
          required,
          size,
          fullWidth: true,
          error: bound.invalid,
          helperText: bound.helperText,
          onBlur: field.onBlur,
        },
      }}
    />
  );
}
