/**
 * A checkbox bound by name (the form kit's `useFormField`), labelled `fields.<name>` with the
 * help text `hints.<name>` under it: the new expense form's yes/no questions (the citizen opposed,
 * the payment is traceable) as the spec draws them.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { useFormField } from '../../../components/form';

export function CheckboxField({ name, disabled }: { name: string; disabled?: boolean }) {
  const { field, label, invalid, helperText } = useFormField(name);
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        label={label}
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
