/**
 * The business registry of the screen (spec "Payments screen": a searchable select), found by the
 * start of its fiscal id, asked 300 ms after the last key.
 */
import type { ObBusinessRegistry } from '@fiscus/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityQueries } from '../api/activity-queries';
import { useDebouncedValue } from '../hooks/use-debounced-value';

type RegistryOption = Pick<ObBusinessRegistry, 'fiscalId'> &
  Partial<Pick<ObBusinessRegistry, 'businessName'>>;

export function FiscalIdSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (fiscalId: string | null) => void;
}) {
  const { t } = useTranslation('obBankActivity');
  const [input, setInput] = useState(value ?? '');
  // The list shows what was searched; the chosen fiscal id itself is no search.
  const typed = value !== null && input === value ? '' : input.trim();
  const debounced = useDebouncedValue(typed);
  const options = useQuery({
    ...activityQueries.registries(debounced),
    placeholderData: keepPreviousData,
  });
  const found: RegistryOption[] = options.data?.items ?? [];
  const selected: RegistryOption | null = value
    ? (found.find((registry) => registry.fiscalId === value) ?? { fiscalId: value })
    : null;
  const shown =
    selected && !found.some((registry) => registry.fiscalId === selected.fiscalId)
      ? [selected, ...found]
      : found;
  return (
    <Autocomplete<RegistryOption>
      options={shown}
      value={selected}
      inputValue={input}
      sx={{ width: { xs: '100%', sm: 320 } }}
      size="small"
      // The API searches; the list is shown as it answers.
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.fiscalId === chosen.fiscalId}
      getOptionLabel={(option) => option.fiscalId}
      loading={options.isFetching}
      loadingText={t('picker.loading')}
      noOptionsText={t('picker.noOptions')}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, option) => onChange(option?.fiscalId ?? null)}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography>{option.fiscalId}</Typography>
            {option.businessName && (
              <Typography variant="body2" color="text.secondary">
                {option.businessName}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          label={t('picker.label')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'ob-fiscal-id-select' },
          }}
        />
      )}
    />
  );
}
