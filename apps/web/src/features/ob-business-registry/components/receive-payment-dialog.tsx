/**
 * Receive a payment on an account (`?dialogId=receive&dialog_uuid=…`, spec 3, 4, 5): the form
 * (system, amount, EUR, description, optional payer e-mail), then the payer's link with Copy,
 * Open and Close.
 */
import { obReceiveSystems } from '@fiscus/contracts';
import MuiTextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame, FormBody, SelectField, TextField } from '../../../components/form';
import { useReceivePayment } from '../api/registry-actions';
import {
  newReceivePaymentValues,
  receivePaymentSchema,
  toReceivePaymentRequest,
} from '../model/receive-payment-form';
import { LinkView } from './link-dialog';
import { useRegistryMessage } from './use-registry-message';

export function ReceivePaymentDialog({
  accountUuid,
  onClose,
}: {
  accountUuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBusinessRegistry');
  const translate = useRegistryMessage();
  const receive = useReceivePayment();
  const [link, setLink] = useState<string | null>(null);
  return (
    <DialogFrame open title={t('receive.title')} onClose={onClose}>
      {link ? (
        <LinkView message={t('receive.linkMessage')} url={link} onClose={onClose} />
      ) : (
        <FormBody
          ns="obBusinessRegistry"
          schema={receivePaymentSchema}
          defaultValues={newReceivePaymentValues()}
          fields={['system', 'amount', 'currencyCode', 'description', 'email']}
          translateMessage={translate}
          onSubmit={async (values) => {
            const created = await receive.mutateAsync({
              system: values.system,
              body: toReceivePaymentRequest(accountUuid, values),
            });
            setLink(created.connectUrl);
            return created;
          }}
          keepOpen={() => true}
          failureMessage={(failure) =>
            failure.isValidation ? undefined : t('errors.generic', { ns: 'common' })
          }
          submitLabel={t('receive.submit')}
          cancelLabel={t('actions.cancel')}
          onClose={onClose}
        >
          <SelectField
            name="system"
            required
            options={obReceiveSystems}
            optionLabel={(system) => t(`systems.${system}`)}
          />
          <TextField
            name="amount"
            label={t('receive.fields.amount')}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <MuiTextField label={t('receive.fields.currencyCode')} value="EUR" disabled fullWidth />
          <TextField
            name="description"
            label={t('receive.fields.description')}
            required
            multiline
            minRows={2}
          />
          <TextField name="email" label={t('receive.fields.email')} type="email" />
        </FormBody>
      )}
    </DialogFrame>
  );
}
