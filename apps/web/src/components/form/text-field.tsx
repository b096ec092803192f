/**
 * A text input bound by name (see `useFormField`): `<TextField name="email" type="email" />`.
 * Also the base of the select and of the invoice form's spec-driven field: `transform` rewrites
 * what is typed (upper-casing), `formatOnBlur` normalises the value when the input is left.
 */
import MuiTextField from '@mui/material/TextField';
import type { TextFieldProps as MuiTextFieldProps } from '@mui/material/TextField';
import { useFormField } from './use-form-field';
import type { FormFieldOptions } from './use-form-field';

export type TextFieldProps = FormFieldOptions &
  Omit<
    MuiTextFieldProps,
    'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'inputRef'
  > & {
    name: string;
    transform?: (value: string) => string;
    formatOnBlur?: (value: string) => string;
  };

export function TextField({
  name,
  label,
  help,
  translateMessage,
  transform,
  formatOnBlur,
  fullWidth = true,
  ...props
}: TextFieldProps) {
  const bound = useFormField(name, { label, help, translateMessage });
  const { field } = bound;
  const value: unknown = field.value;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <MuiTextField
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) =>
        field.onChange(transform ? transform(event.target.value) : event.target.value)
      }
      onBlur={() => {
        if (formatOnBlur) {
          const formatted = formatOnBlur(text);
          if (formatted !== text) field.onChange(formatted);
        }
        field.onBlur();
      }}
      label={bound.label}
      error={bound.invalid}
      helperText={bound.helperText}
      fullWidth={fullWidth}
    />
  );
}
