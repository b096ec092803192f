/**
 * The new expense form (account spec 2.9, 7 `POST /sistema-ts/expenses`), opened through the URL
 * (`?dialogId=new`): the owner (one of the business's registries, chosen from them when there are
 * any), the citizen's fiscal code (disabled and emptied when the citizen opposed), the amount, the
 * expense type, the traceable payment (checked by default), the document's type, number and date
 * (today by default) and the payment date (the document's until changed). The API's violations
 * land on their fields, any other refusal (a company the user may not act for) in the alert; on
 * success a snackbar, the dialog closes and the list is asked again.
 */
import { expenseDocumentTypes, expenseTypes } from '@fiscus/contracts/expense-codes';
import type { Expense } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  DateField,
  FormDialog,
  SelectField,
  TextField,
} from '../../../components/form';
import { useCreateExpense } from '../api/expense-queries';
import { expenseOwnersQuery, type ExpenseOwnerOption } from '../api/expense-registries';
import {
  expenseFormSchema,
  newExpenseValues,
  normalDecimal,
  toExpenseRequest,
  type ExpenseFormValues,
} from '../model/expense-form';
import { expenseTypeLabel } from './expense-columns';
import { useExpenseMessage } from './use-expense-message';

const upper = (value: string) => value.toUpperCase();
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/** The owner: a choice among the registries, or typed when none could be read. */
function OwnerField({ owners }: { owners: readonly ExpenseOwnerOption[] }) {
  if (owners.length === 0) {
    return (
      <TextField
        name="codice_fiscale_proprietario"
        required
        transform={upper}
        slotProps={{ htmlInput: { maxLength: 16 } }}
      />
    );
  }
  const names = new Map(owners.map((owner) => [owner.fiscal_id, owner.name]));
  return (
    <SelectField
      name="codice_fiscale_proprietario"
      required
      options={owners.map((owner) => owner.fiscal_id)}
      optionLabel={(id) => (names.get(id) ? `${id} · ${names.get(id)}` : id)}
    />
  );
}

/** The citizen's fiscal code, emptied and disabled while the citizen's opposition is ticked. */
function CitizenFields() {
  const { setValue, clearErrors } = useFormContext<ExpenseFormValues>();
  const opposed = useWatch<ExpenseFormValues, 'flag_opposizione'>({ name: 'flag_opposizione' });
  useEffect(() => {
    if (!opposed) return;
    setValue('codice_fiscale_cittadino', '');
    clearErrors('codice_fiscale_cittadino');
  }, [opposed, setValue, clearErrors]);
  return (
    <>
      <TextField
        name="codice_fiscale_cittadino"
        required={!opposed}
        disabled={opposed}
        transform={upper}
        slotProps={{ htmlInput: { maxLength: 16 } }}
      />
      <CheckboxField name="flag_opposizione" />
    </>
  );
}

/**
 * The payment date follows the document date while they are the same day: a payment date the user
 * chose apart stays.
 */
function PaymentDateFollower() {
  const { getValues, setValue } = useFormContext<ExpenseFormValues>();
  const documentDate = useWatch<ExpenseFormValues, 'document_date'>({ name: 'document_date' });
  const previous = useRef(documentDate);
  useEffect(() => {
    if (getValues('payment_date') === previous.current) setValue('payment_date', documentDate);
    previous.current = documentDate;
  }, [documentDate, getValues, setValue]);
  return null;
}

function ExpenseFields({ owners, t }: { owners: readonly ExpenseOwnerOption[]; t: TFunction }) {
  return (
    <>
      <OwnerField owners={owners} />
      <CitizenFields />
      <Box sx={twoColumns}>
        <TextField
          name="amount"
          required
          formatOnBlur={normalDecimal}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <SelectField
          name="expense_type"
          required
          options={expenseTypes}
          optionLabel={(type) => expenseTypeLabel(type, t)}
        />
      </Box>
      <CheckboxField name="payment_tracked" />
      <Box sx={twoColumns}>
        <SelectField
          name="document_type"
          required
          options={expenseDocumentTypes}
          optionLabel={(type) => t(`documentTypes.${type}`)}
        />
        <TextField name="document_number" required slotProps={{ htmlInput: { maxLength: 20 } }} />
        <DateField name="document_date" required />
        <DateField name="payment_date" />
      </Box>
      <PaymentDateFollower />
    </>
  );
}

export function NewExpenseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('expenses');
  const create = useCreateExpense();
  const owners = useQuery(expenseOwnersQuery);
  const translateMessage = useExpenseMessage();
  const choices = owners.data ?? [];
  return (
    <FormDialog<ExpenseFormValues, ExpenseFormValues, Expense>
      title={t('create.title')}
      ns="expenses"
      schema={expenseFormSchema}
      defaultValues={newExpenseValues(
        dayjs().format('YYYY-MM-DD'),
        choices.length === 1 ? choices[0]?.fiscal_id : '',
      )}
      // The form waits for the registries; without them the owner is typed.
      load={{
        isPending: owners.isPending,
        isError: false,
        pendingLabel: t('create.loading'),
        errorText: '',
      }}
      translateMessage={translateMessage}
      onSubmit={(values) => create.mutateAsync(toExpenseRequest(values))}
      successMessage={(created) => t('messages.created', { number: created.document_number })}
      submitLabel={t('actions.send')}
      cancelLabel={t('actions.cancel')}
      maxWidth="md"
      onClose={onClose}
    >
      <ExpenseFields owners={choices} t={t} />
    </FormDialog>
  );
}
