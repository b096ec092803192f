/**
 * Request the payment of an Italian customer invoice (issue 36), opened from the invoice's
 * details: the payable accounts of the user's registries (the sender's first, its current account
 * chosen), the system, the amount still owed, "Fattura <number>", an optional payer e-mail; then
 * the payer's link. The request carries the invoice, so the payment marks it paid by itself.
 */
import { obReceiveSystems } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import MuiTextField from '@mui/material/TextField';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DialogFrame, FormBody, SelectField, TextField } from '../../../components/form';
import { useReceivePayment } from '../api/registry-actions';
import { registryQueries } from '../api/registry-queries';
import {
  invoicePaymentSchema,
  newInvoicePaymentValues,
  receivesPayments,
  senderFirst,
  toInvoicePaymentRequest,
  type InvoiceToBePaid,
  type PayableAccount,
} from '../model/invoice-payment-form';
import { LinkView } from './link-dialog';
import { useRegistryMessage } from './use-registry-message';

/** Every registry and every account of one on one page: a business has a handful. */
const ALL = 100;

/** The payable accounts of every registry with an enabled account, the sender's first. */
function usePayableAccounts(senderFiscalIds: readonly string[]) {
  const registries = useQuery(registryQueries.list({ itemsPerPage: ALL }));
  const withAccounts = senderFirst(
    (registries.data?.items ?? []).filter((registry) => registry.enabledAccountsCount > 0),
    senderFiscalIds,
  );
  const accounts = useQueries({
    queries: withAccounts.map((registry) => registryQueries.accounts(registry.fiscalId, 1, ALL)),
  });
  const payable: PayableAccount[] = withAccounts.flatMap((registry, index) =>
    (accounts[index]?.data?.items ?? [])
      .filter(receivesPayments)
      .map((account) => ({ account, registry })),
  );
  return {
    payable,
    isPending: registries.isPending || accounts.some((query) => query.isPending),
    isError: registries.isError || accounts.some((query) => query.isError),
  };
}

/** Nothing to be paid on: say so and lead to the registries, where a bank is connected. */
function NoPayableAccount({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('obBusinessRegistry');
  return (
    <>
      <DialogContent>
        <Alert severity="info">
          {t('invoicePayment.noAccount')}{' '}
          <Link component={RouterLink} to="/openbanking/business-registry">
            {t('invoicePayment.registriesLink')}
          </Link>
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </>
  );
}

export function InvoicePaymentDialog({
  invoice,
  onClose,
}: {
  invoice: InvoiceToBePaid;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBusinessRegistry');
  const translate = useRegistryMessage();
  const receive = useReceivePayment();
  const { payable, isPending, isError } = usePayableAccounts(invoice.senderFiscalIds);
  const [link, setLink] = useState<string | null>(null);
  const accountLabel = new Map(
    payable.map(({ account, registry }) => [
      account.uuid,
      `${account.name} · ${account.iban ?? ''} (${registry.businessName})`,
    ]),
  );
  return (
    <DialogFrame
      open
      title={t('invoicePayment.title', { number: invoice.invoiceNumber ?? '' })}
      onClose={onClose}
      load={{
        isPending,
        isError,
        pendingLabel: t('invoicePayment.loading'),
        errorText: t('errors.generic', { ns: 'common' }),
        cancelLabel: t('actions.close'),
      }}
    >
      {link ? (
        <LinkView message={t('receive.linkMessage')} url={link} onClose={onClose} />
      ) : payable.length === 0 ? (
        <NoPayableAccount onClose={onClose} />
      ) : (
        <FormBody
          ns="obBusinessRegistry"
          schema={invoicePaymentSchema}
          defaultValues={newInvoicePaymentValues(invoice, payable)}
          fields={['accountUuid', 'system', 'amount', 'currencyCode', 'description', 'email']}
          translateMessage={translate}
          onSubmit={async (values) => {
            const created = await receive.mutateAsync({
              system: values.system,
              body: toInvoicePaymentRequest(invoice.invoiceUuid, values),
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
            name="accountUuid"
            label={t('invoicePayment.fields.accountUuid')}
            required
            options={payable.map(({ account }) => account.uuid)}
            optionLabel={(uuid) => accountLabel.get(uuid) ?? uuid}
          />
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
