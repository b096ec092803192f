/** A select bound by name: the options' labels are given by the dialog (often `t('types.<value>')`). */
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

export function SelectField({
  options,
  children,
  ...props
}: Omit<TextFieldProps, 'select'> & { options?: readonly SelectOption[] }) {
  return (
    <TextField {...props} select>
      {options
        ? options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))
        : children}
    </TextField>
  );
}
