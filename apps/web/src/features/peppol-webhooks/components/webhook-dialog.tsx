/** The new Peppol webhook (spec "Peppol webhooks list", 5): an event and a URL, Save and Cancel. */
import { peppolWebhookEvents } from '@fiscus/contracts';
import ListItemText from '@mui/material/ListItemText';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, SelectField, TextField, useValidationMessage } from '../../../components/form';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { useCreateWebhook } from '../api/webhook-queries';
import {
  newWebhookValues,
  toWebhookRequest,
  webhookFormSchema,
  webhookMessages,
} from '../model/webhook-form';

const ownKeys = new Map<string, string>(
  Object.entries(webhookMessages).map(([key, message]) => [message, key]),
);

/** This form's messages first (the API's URL refusals included), then the common catalogue. */
function useWebhookMessage() {
  const { t } = useTranslation('peppolWebhooks');
  const translateCommon = useValidationMessage();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const key = ownKeys.get(message);
      return key ? t(`validation.${key}`) : translateCommon(message);
    },
    [t, translateCommon],
  );
}

export function WebhookDialog({ domain, onClose }: { domain: PeppolDomain; onClose: () => void }) {
  const { t } = useTranslation('peppolWebhooks');
  const translate = useWebhookMessage();
  const create = useCreateWebhook(domain);
  return (
    <FormDialog
      title={t('create.title')}
      ns="peppolWebhooks"
      schema={webhookFormSchema}
      defaultValues={newWebhookValues()}
      translateMessage={translate}
      onSubmit={(values) => create.mutateAsync(toWebhookRequest(values))}
      successMessage={t('messages.created')}
      failureMessage={(failure) =>
        failure.isValidation ? undefined : t('errors.generic', { ns: 'common' })
      }
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <SelectField
        name="event"
        required
        options={peppolWebhookEvents}
        optionLabel={(event) => (
          <ListItemText primary={t(`events.${event}`)} secondary={event} sx={{ my: 0 }} />
        )}
      />
      <TextField name="url" type="url" placeholder="https://example.com/webhooks/peppol" required />
    </FormDialog>
  );
}
