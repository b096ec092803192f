/**
 * Create or edit a Polish webhook (spec "/gov-pl/webhooks"), opened from the URL by the page: the
 * legal entity (searched), the type (the seven, by what they announce) and the URL. The API's
 * refusals land on their fields (another webhook of the type, a private address).
 */
import { plWebhookTypes } from '@fiscus/contracts';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
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
} from '../model/webhook-form';
import { LegalEntityField } from './legal-entity-field';
import { useWebhookMessage } from './use-webhook-message';

export function WebhookDialog({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  const { t } = useTranslation('plWebhooks');
  const translate = useWebhookMessage();
  const save = useSaveWebhook();
  const editing = uuid !== null;
  const webhook = useQuery({ ...webhookQueries.detail(uuid ?? ''), enabled: editing });
  const existing = editing ? (webhook.data ?? null) : null;
  return (
    <FormDialog
      title={t(editing ? 'edit.title' : 'create.title')}
      ns="plWebhooks"
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
        save.mutateAsync({ uuid: existing?.uuid ?? null, body: toWebhookRequest(values) })
      }
      successMessage={t(editing ? 'messages.updated' : 'messages.created')}
      failureMessage={(failure) =>
        failure.isValidation ? undefined : t('errors.generic', { ns: 'common' })
      }
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <LegalEntityField
        initial={
          existing
            ? { uuid: existing.legalEntityUuid, name: existing.legalEntityName, nip: '' }
            : null
        }
      />
      <SelectField
        name="webhookType"
        required
        options={plWebhookTypes}
        optionLabel={(type) => (
          <ListItemText primary={t(`types.${type}`)} secondary={type} sx={{ my: 0 }} />
        )}
        slotProps={{
          select: { renderValue: (type) => t(`types.${String(type)}`) },
        }}
      />
      <TextField
        name="webhookUrl"
        type="url"
        placeholder="https://example.com/webhooks/ksef"
        required
        slotProps={{ htmlInput: { maxLength: URL_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
