import { zodResolver } from '@hookform/resolvers/zod';
import { authenticationTypes, webhookEvents } from '@fiscus/contracts';
import type { ApiConfiguration, BusinessRegistryConfiguration } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyViolations } from '../../../lib/form-violations';
import { isApiError } from '../../../lib/hydra';
import { apiConfigurationQueries } from '../api/api-configuration-queries';
import { useSaveApiConfiguration } from '../api/use-save-api-configuration';
import {
  API_CONFIGURATION_FIELDS,
  createApiConfigurationFormSchema,
  existingApiConfigurationValues,
  newApiConfigurationValues,
  toApiConfigurationRequest,
} from './api-configuration-form-schema';
import type {
  ApiConfigurationFormInput,
  ApiConfigurationFormValues,
} from './api-configuration-form-schema';
import { useConfigurationMessage } from './use-configuration-message';
import { ViolationsAlert } from './violations-alert';

interface ApiConfigurationFormProps {
  configuration: ApiConfiguration | null;
  registries: BusinessRegistryConfiguration[];
  onClose: () => void;
}

function ApiConfigurationForm({ configuration, registries, onClose }: ApiConfigurationFormProps) {
  const { t } = useTranslation('apiConfigurations');
  const translate = useConfigurationMessage();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveApiConfiguration();
  const [serverError, setServerError] = useState<unknown>(null);
  // The API never returns the token, only a hint of it: an empty field keeps the saved one.
  const tokenHint = configuration?.authentication_token_hint ?? null;
  const tokenSaved = tokenHint !== null;
  const schema = useMemo(() => createApiConfigurationFormSchema({ tokenSaved }), [tokenSaved]);
  const form = useForm<ApiConfigurationFormInput, unknown, ApiConfigurationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: configuration
      ? existingApiConfigurationValues(configuration)
      : newApiConfigurationValues(),
  });
  const authenticationType = useWatch({ control: form.control, name: 'authentication_type' });
  const registryNames = new Map(registries.map((registry) => [registry.fiscal_id, registry.name]));

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await save.mutateAsync({
        uuid: configuration?.uuid ?? null,
        body: toApiConfigurationRequest(values),
      });
      enqueueSnackbar(
        configuration ? t('messages.updated') : t('messages.saved', { uuid: saved.uuid }),
        { variant: 'success' },
      );
      onClose();
    } catch (error) {
      applyViolations(error, API_CONFIGURATION_FIELDS, form.setError);
      setServerError(error);
      enqueueSnackbar(
        isApiError(error) && error.status === 422
          ? t('messages.validationError')
          : t('messages.saveError'),
        { variant: 'error' },
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <ViolationsAlert error={serverError} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Controller
            name="event"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                label={t('fields.event')}
                required
                error={fieldState.invalid}
                helperText={translate(fieldState.error?.message)}
                fullWidth
              >
                {webhookEvents.map((event) => (
                  <MenuItem key={event} value={event}>
                    <ListItemText primary={event} secondary={t(`events.${event}`)} sx={{ my: 0 }} />
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="target_url"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                type="url"
                label={t('fields.target_url')}
                placeholder="https://example.com/webhooks/fiscus"
                required
                error={fieldState.invalid}
                helperText={translate(fieldState.error?.message)}
                fullWidth
              />
            )}
          />
          <Controller
            name="authentication_type"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                label={t('fields.authentication_type')}
                required
                error={fieldState.invalid}
                helperText={translate(fieldState.error?.message) ?? t('hints.authentication_type')}
                fullWidth
              >
                {authenticationTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`authenticationTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {authenticationType !== 'none' && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
              <Controller
                name="authentication_key"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={field.ref}
                    label={t(`fields.authentication_key_${authenticationType}`)}
                    required
                    error={fieldState.invalid}
                    helperText={translate(fieldState.error?.message)}
                    fullWidth
                  />
                )}
              />
              <Controller
                name="authentication_token"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={field.ref}
                    label={t('fields.authentication_token')}
                    required={!tokenSaved}
                    autoComplete="off"
                    error={fieldState.invalid}
                    helperText={
                      translate(fieldState.error?.message) ??
                      (tokenSaved
                        ? t('hints.authentication_token_saved', { hint: tokenHint })
                        : undefined)
                    }
                    fullWidth
                  />
                )}
              />
            </Box>
          )}
          {registries.length > 0 && (
            <Controller
              name="business_registry_configurations"
              control={form.control}
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={registries.map((registry) => registry.fiscal_id)}
                  value={field.value}
                  onChange={(_event, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  getOptionLabel={(fiscalId) => {
                    const name = registryNames.get(fiscalId);
                    return name ? `${fiscalId} · ${name}` : fiscalId;
                  }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label={t('fields.business_registry_configurations')}
                      error={fieldState.invalid}
                      helperText={
                        translate(fieldState.error?.message) ?? t('hints.business_registries')
                      }
                    />
                  )}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </form>
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
  const titleId = useId();
  const configuration = useQuery({
    ...apiConfigurationQueries.detail(uuid ?? ''),
    enabled: uuid !== null,
  });
  // Linking is optional: when the list cannot be read the form simply offers no registries.
  const registries = useQuery(apiConfigurationQueries.registryOptions());

  let content;
  if ((uuid !== null && configuration.isPending) || registries.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  } else if (uuid !== null && configuration.isError) {
    content = (
      <>
        <DialogContent>
          <Alert severity="error">{t('form.notFound')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
        </DialogActions>
      </>
    );
  } else {
    content = (
      <ApiConfigurationForm
        configuration={uuid !== null ? (configuration.data ?? null) : null}
        registries={registries.data?.items ?? []}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(uuid === null ? 'create.title' : 'edit.title')}</DialogTitle>
      {content}
    </Dialog>
  );
}
