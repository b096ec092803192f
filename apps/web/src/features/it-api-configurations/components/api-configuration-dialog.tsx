import { authenticationTypes, webhookEvents } from '@fiscus/contracts';
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MuiTextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, SelectField, TextField, useFormField } from '../../../components/form';
import { apiConfigurationQueries } from '../api/api-configuration-queries';
import { useSaveApiConfiguration } from '../api/use-save-api-configuration';
import {
  API_CONFIGURATION_FIELDS,
  createApiConfigurationFormSchema,
  existingApiConfigurationValues,
  newApiConfigurationValues,
  toApiConfigurationRequest,
} from './api-configuration-form-schema';
import type { ApiConfigurationFormInput } from './api-configuration-form-schema';
import { useConfigurationMessage } from './use-configuration-message';

/** Key and token, asked for once the authentication type needs them. */
function CredentialFields({ tokenHint }: { tokenHint: string | null }) {
  const { t } = useTranslation('apiConfigurations');
  const authenticationType = useWatch<ApiConfigurationFormInput, 'authentication_type'>({
    name: 'authentication_type',
  });
  if (authenticationType === 'none') return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <TextField
        name="authentication_key"
        label={t(`fields.authentication_key_${authenticationType}`)}
        required
      />
      <TextField
        name="authentication_token"
        required={tokenHint === null}
        autoComplete="off"
        help={
          tokenHint !== null ? t('hints.authentication_token_saved', { hint: tokenHint }) : null
        }
      />
    </Box>
  );
}

/** The companies a webhook is limited to, picked by fiscal id. */
function RegistriesField({ registries }: { registries: BusinessRegistryConfiguration[] }) {
  const { t } = useTranslation('apiConfigurations');
  const { field, label, invalid, helperText } = useFormField('business_registry_configurations', {
    help: t('hints.business_registries'),
  });
  const registryNames = new Map(registries.map((registry) => [registry.fiscal_id, registry.name]));
  const value: unknown = field.value;
  return (
    <Autocomplete
      multiple
      options={registries.map((registry) => registry.fiscal_id)}
      value={Array.isArray(value) ? (value as string[]) : []}
      onChange={(_event, next) => field.onChange(next)}
      onBlur={field.onBlur}
      getOptionLabel={(fiscalId) => {
        const name = registryNames.get(fiscalId);
        return name ? `${fiscalId} · ${name}` : fiscalId;
      }}
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

interface ApiConfigurationDialogProps {
  /** The configuration to edit; null creates a new one. */
  uuid: string | null;
  onClose: () => void;
}

/** Create or edit a webhook configuration (spec 2.11, 5); opened from the URL by the page. */
export function ApiConfigurationDialog({ uuid, onClose }: ApiConfigurationDialogProps) {
  const { t } = useTranslation('apiConfigurations');
  const translate = useConfigurationMessage();
  const save = useSaveApiConfiguration();
  const configuration = useQuery({
    ...apiConfigurationQueries.detail(uuid ?? ''),
    enabled: uuid !== null,
  });
  // Linking is optional: when the list cannot be read the form simply offers no registries.
  const registries = useQuery(apiConfigurationQueries.registryOptions());
  const existing = uuid !== null ? (configuration.data ?? null) : null;
  const registryItems = registries.data?.items ?? [];
  // The API never returns the token, only a hint of it: an empty field keeps the saved one.
  const tokenHint = existing?.authentication_token_hint ?? null;
  const tokenSaved = tokenHint !== null;
  const schema = useMemo(() => createApiConfigurationFormSchema({ tokenSaved }), [tokenSaved]);

  return (
    <FormDialog
      title={t(uuid === null ? 'create.title' : 'edit.title')}
      ns="apiConfigurations"
      load={{
        isPending: (uuid !== null && configuration.isPending) || registries.isPending,
        isError: uuid !== null && configuration.isError,
        pendingLabel: t('form.loading'),
        errorText: t('form.notFound'),
      }}
      schema={schema}
      defaultValues={
        existing ? existingApiConfigurationValues(existing) : newApiConfigurationValues()
      }
      fields={API_CONFIGURATION_FIELDS}
      translateMessage={translate}
      onSubmit={(values) =>
        save.mutateAsync({ uuid: existing?.uuid ?? null, body: toApiConfigurationRequest(values) })
      }
      successMessage={(saved) =>
        existing ? t('messages.updated') : t('messages.saved', { uuid: saved.uuid })
      }
      failureMessage={(failure) =>
        failure.isValidation ? t('messages.validationError') : t('messages.saveError')
      }
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <SelectField
        name="event"
        required
        options={webhookEvents}
        optionLabel={(event) => (
          <ListItemText primary={event} secondary={t(`events.${event}`)} sx={{ my: 0 }} />
        )}
      />
      <TextField
        name="target_url"
        type="url"
        placeholder="https://example.com/webhooks/fiscus"
        required
      />
      <SelectField
        name="authentication_type"
        required
        options={authenticationTypes}
        optionLabel={(type) => t(`authenticationTypes.${type}`)}
      />
      <CredentialFields tokenHint={tokenHint} />
      {registryItems.length > 0 && <RegistriesField registries={registryItems} />}
    </FormDialog>
  );
}
