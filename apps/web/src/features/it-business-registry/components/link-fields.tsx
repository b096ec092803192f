/**
 * The edit tab's two link pickers: the webhook configurations (a search selection by target URL,
 * 100 a page, spec 2.7) and, for sub-account managers, the sub-accounts linked to the registry
 * (by email). Both search as the user types.
 */
import type { ApiConfiguration } from '@fiscus/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import ListItemText from '@mui/material/ListItemText';
import MuiTextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormField } from '../../../components/form';
import { registryQueries } from '../api/registry-queries';
import type { ApiConfigurationChoice } from '../model/registry-form';

function toChoice(configuration: ApiConfiguration): ApiConfigurationChoice {
  return {
    '@id': configuration['@id'],
    uuid: configuration.uuid,
    event: configuration.event,
    target_url: configuration.target_url,
  };
}

export function ApiConfigurationsField() {
  const { t } = useTranslation('businessRegistry');
  const { field, label, invalid, helperText } = useFormField('api_configurations');
  const [search, setSearch] = useState('');
  const targetUrl = useDeferredValue(search.trim());
  const options = useQuery({
    ...registryQueries.apiConfigurationOptions(targetUrl),
    placeholderData: keepPreviousData,
  });
  const value = Array.isArray(field.value) ? (field.value as ApiConfigurationChoice[]) : [];
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      // The server searched already: show what it found.
      filterOptions={(found) => found}
      options={(options.data?.items ?? []).map(toChoice)}
      loading={options.isFetching}
      loadingText={t('form.searching')}
      noOptionsText={t('form.noConfigurations')}
      value={value}
      isOptionEqualToValue={(option, chosen) => option.uuid === chosen.uuid}
      getOptionLabel={(option) => option.target_url}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <ListItemText primary={option.target_url} secondary={option.event} sx={{ my: 0 }} />
        </li>
      )}
      inputValue={search}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setSearch(next);
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
          placeholder={t('form.searchByTargetUrl')}
        />
      )}
    />
  );
}

export function SubAccountsField() {
  const { t } = useTranslation('businessRegistry');
  const { field, label, invalid, helperText } = useFormField('sub_accounts');
  const [search, setSearch] = useState('');
  const email = useDeferredValue(search.trim());
  const options = useQuery({
    ...registryQueries.subAccountOptions(email),
    placeholderData: keepPreviousData,
  });
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  const names = new Map(
    (options.data?.items ?? []).map((account) => [account.email, account.fullname]),
  );
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      filterOptions={(found) => found}
      options={(options.data?.items ?? []).map((account) => account.email)}
      loading={options.isFetching}
      loadingText={t('form.searching')}
      noOptionsText={t('form.noSubAccounts')}
      value={value}
      renderOption={({ key, ...props }, email) => (
        <li key={key} {...props}>
          <ListItemText primary={email} secondary={names.get(email) ?? null} sx={{ my: 0 }} />
        </li>
      )}
      inputValue={search}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setSearch(next);
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
        />
      )}
    />
  );
}
