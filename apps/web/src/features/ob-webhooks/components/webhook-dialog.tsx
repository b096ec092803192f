/**
 * Create or edit an open-banking webhook (spec "Open-banking area", 5), opened from the URL by
 * the page: the event, the target URL, the authentication type and, for query or header
 * authentication, its key and write-only token. A 422 shows its detail as a toast and its
 * violations on their fields; any other failure the generic message.
 */
import { authenticationTypes, obWebhookEvents } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, SelectField, TextField } from '../../../components/form';
import { useSaveWebhook, webhookQueries } from '../api/webhook-queries';
import {
  existingWebhookValues,
  newWebhookValues,
  toWebhookRequest,
  URL_MAX_LENGTH,
  WEBHOOK_FIELDS,
  webhookFormSchema,
  type WebhookFormInput,
} from '../model/webhook-form';
import { useWebhookMessage } from './use-webhook-message';

/** The key and the token, only for query or header authentication. */
function CredentialFields({ tokenHint }: { tokenHint: string | null }) {
  const { t } = useTranslation('obWebhooks');
  const type = useWatch<WebhookFormInput, 'authenticationType'>({ name: 'authenticationType' });
  if (type === 'none') return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <TextField name="authenticationKey" label={t(`fields.authenticationKey_${type}`)} required />
      <TextField
        name="authenticationToken"
        autoComplete="off"
        help={tokenHint !== null ? t('hints.authenticationTokenSaved', { hint: tokenHint }) : null}
      />
    </Box>
  );
}

export function WebhookDialog({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  const { t } = useTranslation('obWebhooks');
  const translate = useWebhookMessage();
  const save = useSaveWebhook();
  const editing = uuid !== null;
  const webhook = useQuery({ ...webhookQueries.detail(uuid ?? ''), enabled: editing });
  const existing = editing ? (webhook.data ?? null) : null;
  return (
    <FormDialog
      title={t(editing ? 'edit.title' : 'create.title')}
      ns="obWebhooks"
      load={{
        isPending: editing && webhook.isPending,
        isError: editing && webhook.isError,
        pendingLabel: t('form.loading'),
        errorText: t('form.notFound'),
      }}
      schema={webhookFormSchema}
      defaultValues={existing ? existingWebhookValues(existing) : newWebhookValues()}
      fields={WEBHOOK_FIELDS}
      translateMessage={translate}
      onSubmit={(values) =>
        save.mutateAsync({
          uuid: existing?.uuid ?? null,
          body: toWebhookRequest(values, existing !== null),
        })
      }
      successMessage={t(editing ? 'messages.updated' : 'messages.created')}
      failureMessage={(failure) =>
        failure.isValidation && failure.detail !== ''
          ? failure.detail
          : t('errors.generic', { ns: 'common' })
      }
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <SelectField
        name="event"
        required
        options={obWebhookEvents}
        optionLabel={(event) => (
          <ListItemText primary={t(`events.${event}`)} secondary={event} sx={{ my: 0 }} />
        )}
        slotProps={{ select: { renderValue: (event) => t(`events.${String(event)}`) } }}
      />
      <TextField
        name="targetUrl"
        type="url"
        placeholder="https://example.com/webhooks/openbanking"
        required
        slotProps={{ htmlInput: { maxLength: URL_MAX_LENGTH } }}
      />
      <SelectField
        name="authenticationType"
        options={authenticationTypes}
        optionLabel={(type) => t(`authenticationTypes.${type}`)}
      />
      <CredentialFields tokenHint={existing?.authenticationTokenHint ?? null} />
    </FormDialog>
  );
}
