/**
 * A select bound by name: `options` are the values, `optionLabel` draws each one (often
 * `t('types.<value>')`); without it the value is its own label.
 */
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

export interface SelectFieldProps extends Omit<TextFieldProps, 'select' | 'children'> {
  options: readonly string[];
  optionLabel?: (value: string) => ReactNode;
}

export function SelectField({ options, optionLabel, ...props }: SelectFieldProps) {
  return (
    <TextField {...props} select>
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {optionLabel ? optionLabel(value) : value}
        </MenuItem>
      ))}
    </TextField>
  );
}
