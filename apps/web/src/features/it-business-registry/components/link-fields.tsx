/**
 * The edit tab's two link pickers: the webhook configurations (a search selection by target URL,
 * 100 a page, spec 2.7) and, for sub-account managers, the sub-accounts linked to the registry
 * (by email). Both are one search selection: the server searches as the user types.
 */
import type { ApiConfiguration, SubAccount } from '@fiscus/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import ListItemText from '@mui/material/ListItemText';
import MuiTextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormField } from '../../../components/form';
import type { Collection } from '../../../lib/hydra';
import { registryQueries } from '../api/registry-queries';
import type { ApiConfigurationChoice } from '../model/registry-form';

interface SearchSelectionProps<TItem, TValue, TKey extends QueryKey> {
  /** The form field (an array of values). */
  name: string;
  /** The server's search for what is typed. */
  search: (typed: string) => UseQueryOptions<Collection<TItem>, Error, Collection<TItem>, TKey>;
  toValue: (item: TItem) => TValue;
  sameValue: (option: TValue, chosen: TValue) => boolean;
  primary: (value: TValue) => string;
  /** The second line of an option; `found` is what the search answered. */
  secondary: (value: TValue, found: TItem[]) => string | null;
  noOptionsText: string;
  placeholder?: string;
  /** Shows the chosen values only; nothing is searched. */
  disabled?: boolean;
}

function SearchSelection<TItem, TValue, TKey extends QueryKey>({
  name,
  search,
  toValue,
  sameValue,
  primary,
  secondary,
  noOptionsText,
  placeholder,
  disabled = false,
}: SearchSelectionProps<TItem, TValue, TKey>) {
  const { t } = useTranslation('businessRegistry');
  const { field, label, invalid, helperText } = useFormField(name);
  const [typed, setTyped] = useState('');
  const deferred = useDeferredValue(typed.trim());
  const options = useQuery({
    ...search(deferred),
    enabled: !disabled,
    placeholderData: keepPreviousData,
  });
  const value = Array.isArray(field.value) ? (field.value as TValue[]) : [];
  const found = options.data?.items ?? [];
  return (
    <Autocomplete
      multiple
      disabled={disabled}
      filterSelectedOptions
      // The server searched already: show what it found.
      filterOptions={(found) => found}
      options={found.map(toValue)}
      loading={options.isFetching}
      loadingText={t('form.searching')}
      noOptionsText={noOptionsText}
      value={value}
      isOptionEqualToValue={sameValue}
      getOptionLabel={primary}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <ListItemText
            primary={primary(option)}
            secondary={secondary(option, found)}
            sx={{ my: 0 }}
          />
        </li>
      )}
      inputValue={typed}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setTyped(next);
      }}
      onChange={(_event, next) => field.onChange(next)}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          inputRef={field.ref}
          label={label}
          error={invalid}
          helperText={helperText}
          placeholder={placeholder}
        />
      )}
    />
  );
}

function toChoice(configuration: ApiConfiguration): ApiConfigurationChoice {
  return {
    '@id': configuration['@id'],
    uuid: configuration.uuid,
    event: configuration.event,
    target_url: configuration.target_url,
  };
}

/**
 * Webhook configurations are listed with ROLE_CONFIG only (spec 6): without it the registry's
 * links show but cannot be changed.
 */
export function ApiConfigurationsField({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('businessRegistry');
  return (
    <SearchSelection
      name="api_configurations"
      disabled={disabled}
      search={registryQueries.apiConfigurationOptions}
      toValue={toChoice}
      sameValue={(option, chosen) => option.uuid === chosen.uuid}
      primary={(choice) => choice.target_url}
      secondary={(choice) => choice.event}
      noOptionsText={t('form.noConfigurations')}
      placeholder={t('form.searchByTargetUrl')}
    />
  );
}

export function SubAccountsField() {
  const { t } = useTranslation('businessRegistry');
  return (
    <SearchSelection
      name="sub_accounts"
      search={registryQueries.subAccountOptions}
      toValue={(account: SubAccount) => account.email}
      sameValue={(option, chosen) => option === chosen}
      primary={(email) => email}
      secondary={(email, found) =>
        found.find((account) => account.email === email)?.fullname ?? null
      }
      noOptionsText={t('form.noSubAccounts')}
    />
  );
}
