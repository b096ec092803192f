/**
 * A whole-number input bound by name: the form holds a number, and an empty box is NaN, which the
 * schema reports (e.g. "should not be blank").
 */
import MuiTextField from '@mui/material/TextField';
import type { TextFieldProps as MuiTextFieldProps } from '@mui/material/TextField';
import { useFormField } from './use-form-field';
import type { FormFieldOptions } from './use-form-field';

export function NumberField({
  name,
  label,
  help,
  translateMessage,
  min,
  step = 1,
  ...props
}: FormFieldOptions &
  Omit<MuiTextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'helperText'> & {
    name: string;
    min?: number;
    step?: number;
  }) {
  const bound = useFormField(name, { label, help, translateMessage });
  const { field } = bound;
  const value: unknown = field.value;
  return (
    <MuiTextField
      fullWidth
      {...props}
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={typeof value === 'number' && !Number.isNaN(value) ? String(value) : ''}
      onChange={(event) =>
        field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
      }
      type="number"
      label={bound.label}
      error={bound.invalid}
      helperText={bound.helperText}
      slotProps={{ htmlInput: { min, step, inputMode: 'numeric' } }}
    />
  );
}
