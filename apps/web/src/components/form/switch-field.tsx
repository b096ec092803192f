/** An on/off switch bound by name, labelled `fields.<name>`. */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useFormField } from './use-form-field';
import type { FormFieldOptions } from './use-form-field';

export function SwitchField({
  name,
  label,
  disabled,
}: Omit<FormFieldOptions, 'help'> & { name: string; disabled?: boolean }) {
  const { field, ...bound } = useFormField(name, { label, help: null });
  return (
    <FormControlLabel
      label={bound.label}
      disabled={disabled}
      control={
        <Switch
          name={field.name}
          slotProps={{ input: { ref: field.ref } }}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}
