/**
 * The webhook's legal entity (spec 9: a searchable select, 300 ms after the last key): the
 * account's legal entities found by name, or by NIP when digits are typed, bound to the form's
 * `legalEntity` (the uuid). An edit starts from the webhook's own entity.
 */
import type { PlLegalEntity } from '@fiscus/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormField } from '../../../components/form';
import { webhookQueries } from '../api/webhook-queries';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { legalEntitySearch } from '../model/webhook-list';

export type LegalEntityOption = Pick<PlLegalEntity, 'uuid' | 'name' | 'nip'>;

export function LegalEntityField({ initial }: { initial: LegalEntityOption | null }) {
  const { t } = useTranslation('plWebhooks');
  const { field, label, invalid, helperText } = useFormField('legalEntity');
  const [selected, setSelected] = useState<LegalEntityOption | null>(initial);
  const [input, setInput] = useState(initial?.name ?? '');
  // The list shows what was searched; the picked entity's own name is no search.
  const typed = selected !== null && input === selected.name ? '' : input;
  const debounced = useDebouncedValue(typed);
  const search = useMemo(() => legalEntitySearch(debounced), [debounced]);
  const options = useQuery({
    ...webhookQueries.legalEntityOptions(search),
    placeholderData: keepPreviousData,
  });
  const found: LegalEntityOption[] = options.data?.items ?? [];
  const shown =
    selected && !found.some((entity) => entity.uuid === selected.uuid)
      ? [selected, ...found]
      : found;
  return (
    <Autocomplete<LegalEntityOption>
      options={shown}
      value={selected}
      inputValue={input}
      // The API searches; the list is shown as it answers.
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, value) => option.uuid === value.uuid}
      getOptionLabel={(option) => option.name}
      loading={options.isFetching}
      loadingText={t('picker.loading')}
      noOptionsText={t('picker.noOptions')}
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, option) => {
        setSelected(option);
        field.onChange(option?.uuid ?? '');
      }}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography>{option.name}</Typography>
            {option.nip && (
              <Typography variant="body2" color="text.secondary">
                {t('picker.nip', { nip: option.nip })}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          inputRef={field.ref}
          label={label}
          required
          error={invalid}
          helperText={helperText}
        />
      )}
    />
  );
}
