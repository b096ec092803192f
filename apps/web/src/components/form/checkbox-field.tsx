/**
 * A checkbox bound by name (`useFormField`), labelled `fields.<name>` unless given, with its
 * help (`hints.<name>`) or error under it: a yes/no question drawn as a checkbox rather than a
 * switch (the expense form's, the SMP registration and the Belgian document types).
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { useFormField } from './use-form-field';

export function CheckboxField({
  name,
  label,
  disabled,
}: {
  name: string;
  label?: string;
  disabled?: boolean;
}) {
  const { field, label: boundLabel, invalid, helperText } = useFormField(name, { label });
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        label={boundLabel}
        disabled={disabled}
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: { ref: field.ref, 'aria-describedby': helperText ? helpId : undefined },
            }}
          />
        }
      />
      {helperText && (
        <FormHelperText id={helpId} error={invalid} sx={{ mt: -0.5, ml: 4 }}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
