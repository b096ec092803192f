import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useId } from 'react';
import type { FilterOption } from './filter-inputs';

/** How many chosen values the closed select spells out before summarising as "+N". */
export const VISIBLE_CHOSEN_VALUES = 3;

/**
 * The chips a closed multi-select shows: the last values chosen (most recent last), then how
 * many more are hidden.
 */
export function summarizeChosen(values: string[]): { shown: string[]; hiddenCount: number } {
  const shown = values.slice(-VISIBLE_CHOSEN_VALUES);
  return { shown, hiddenCount: values.length - shown.length };
}

interface MultiSelectFilterFieldProps {
  label: string;
  value: string[];
  options: FilterOption[];
  disabled?: boolean;
  onChange: (value: string[]) => void;
}

export function MultiSelectFilterField({
  label,
  value,
  options,
  disabled,
  onChange,
}: MultiSelectFilterFieldProps) {
  const labelId = useId();
  const labelOf = (optionValue: string) =>
    options.find((option) => option.value === optionValue)?.label ?? optionValue;

  return (
    <FormControl size="small" fullWidth disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<string[]>
        labelId={labelId}
        multiple
        value={value}
        input={<OutlinedInput label={label} />}
        onChange={(event) => {
          const chosen = event.target.value;
          const next = typeof chosen === 'string' ? chosen.split(',') : chosen;
          // MUI hands back options in menu order; keep the user's choosing order instead so
          // the summary shows what was picked last.
          const kept = value.filter((item) => next.includes(item));
          onChange([...kept, ...next.filter((item) => !kept.includes(item))]);
        }}
        renderValue={(selected) => {
          const { shown, hiddenCount } = summarizeChosen(selected);
          return (
            // Wrapping, not clipping: the last values and the '+n' count are always readable.
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 0 }}>
              {shown.map((item) => (
                <Chip key={item} size="small" label={labelOf(item)} sx={{ maxWidth: '100%' }} />
              ))}
              {hiddenCount > 0 && (
                <Chip size="small" variant="outlined" label={`+${hiddenCount}`} />
              )}
            </Box>
          );
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox size="small" checked={value.includes(option.value)} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
