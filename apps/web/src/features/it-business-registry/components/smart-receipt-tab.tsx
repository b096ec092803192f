/**
 * The smart receipt tab of the business registry dialog (spec 2.7, 5, 8): the emails that receive
 * the receipt alerts (each valid; blank boxes are dropped and every box can be removed, so the
 * phone number saves alone) and the phone number with its international prefix, saved with
 * `PUT …/receipt-settings`.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormBody, TextField, useFormMessage } from '../../../components/form';
import { registryQueries } from '../api/registry-queries';
import { useSaveReceiptSettings } from '../api/registry-mutations';
import {
  MAX_ALERT_RECIPIENTS,
  receiptFormSchema,
  receiptFormValues,
  toReceiptSettings,
} from '../model/receipt-form';
import type { ReceiptFormInput, ReceiptFormValues } from '../model/receipt-form';
import type { RegistryTabProps } from './registry-edit-tab';
import { useRegistryMessage } from './use-registry-message';
import DialogContent from '@mui/material/DialogContent';
import CircularProgress from '@mui/material/CircularProgress';
import Alert from '@mui/material/Alert';

/**
 * `receipts_alert_recipients.1` (the server's path) → the box of the second address sent (blank
 * boxes are not sent).
 */
function fieldOfViolation(propertyPath: string, values: ReceiptFormInput): string | undefined {
  const match = /^receipts_alert_recipients\.(\d+)$/.exec(propertyPath);
  if (!match) return undefined;
  const sent = values.receipts_alert_recipients
    .map((entry, box) => ({ box, blank: entry.email.trim() === '' }))
    .filter((entry) => !entry.blank);
  const box = sent[Number(match[1])]?.box;
  return box === undefined ? undefined : `receipts_alert_recipients.${box}.email`;
}

function RecipientList() {
  const { t } = useTranslation('businessRegistry');
  const translate = useFormMessage();
  const { control } = useFormContext<ReceiptFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'receipts_alert_recipients' });
  const { errors } = useFormState({ control, name: 'receipts_alert_recipients' });
  const listError = errors.receipts_alert_recipients?.root ?? errors.receipts_alert_recipients;
  const listMessage =
    listError && 'message' in listError && typeof listError.message === 'string'
      ? translate(listError.message)
      : undefined;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('fields.receipts_alert_recipients')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {fields.map((entry, index) => (
          <Box key={entry.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              name={`receipts_alert_recipients.${index}.email`}
              type="email"
              label={t('fields.alertRecipient', { number: index + 1 })}
              help={null}
            />
            <IconButton
              aria-label={t('actions.removeRecipient', { number: index + 1 })}
              onClick={() => remove(index)}
              sx={{ mt: 1 }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      {listMessage && (
        <Typography role="alert" color="error" variant="caption" component="p" sx={{ mt: 1 }}>
          {listMessage}
        </Typography>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append({ email: '' })}
        disabled={fields.length >= MAX_ALERT_RECIPIENTS}
        sx={{ mt: 1 }}
      >
        {t('actions.addRecipient')}
      </Button>
    </Box>
  );
}

export function SmartReceiptTab({ registry, onClose, onDirtyChange }: RegistryTabProps) {
  const { t } = useTranslation('businessRegistry');
  const translate = useRegistryMessage();
  const fiscalId = registry?.fiscal_id ?? '';
  const settings = useQuery({ ...registryQueries.receiptSettings(fiscalId), enabled: !!registry });
  const save = useSaveReceiptSettings(fiscalId);

  if (settings.isPending) {
    return (
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </DialogContent>
    );
  }
  if (settings.isError) {
    return (
      <DialogContent>
        <Alert severity="error">{t('form.notFound')}</Alert>
      </DialogContent>
    );
  }
  return (
    <FormBody<ReceiptFormInput, ReceiptFormValues, unknown>
      ns="businessRegistry"
      pinnedActions
      schema={receiptFormSchema}
      defaultValues={receiptFormValues(settings.data)}
      onSubmit={async (values) => {
        await save.mutateAsync(toReceiptSettings(values));
      }}
      successMessage={t('messages.receiptSettingsSaved')}
      onClose={onClose}
      onDirtyChange={onDirtyChange}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      fieldOfViolation={fieldOfViolation}
      translateMessage={translate}
    >
      <RecipientList />
      <TextField name="phone_number" type="tel" autoComplete="tel" placeholder="+39 333 123 4567" />
    </FormBody>
  );
}
