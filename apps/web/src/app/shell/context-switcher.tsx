import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { NavigationContext } from '../../lib/roles';

interface ContextSwitcherProps {
  value: NavigationContext;
  options: readonly NavigationContext[];
  onChange: (context: NavigationContext) => void;
}

/** Chooses the platform whose menu the drawer shows (spec 2.3: only with more than one). */
export function ContextSwitcher({ value, options, onChange }: ContextSwitcherProps) {
  const { t } = useTranslation('shell');
  return (
    <TextField
      select
      size="small"
      label={t('contexts.label')}
      value={value}
      onChange={(event) => {
        const next = options.find((option) => option === event.target.value);
        if (next) onChange(next);
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`contexts.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
