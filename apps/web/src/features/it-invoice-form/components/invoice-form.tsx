import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describeFailure, InvalidInvoiceResult, type FormFailure } from '../model/form-failure';
import { initialFormValues } from '../model/invoice-form-defaults';
import type {
  InvoiceFormMode,
  InvoiceFormVariant,
  InvoicePayload,
  SubmitResult,
  SupplierProfile,
  ValidationResult,
} from '../model/invoice-form-types';
import { canonicalJson, toInvoicePayload } from '../model/invoice-payload';
import { simplifiedInvoiceFormSchema } from '../model/simplified-invoice-form-schema';
import { standardInvoiceFormSchema } from '../model/standard-invoice-form-schema';
import { FieldRegistry, FieldRegistryProvider } from '../../../components/form';
import { FormFailureAlert } from './form-failure-alert';
import { SimplifiedInvoiceFields } from './simplified-invoice-fields';
import { StandardInvoiceFields } from './standard-invoice-fields';
import { SubmitBar } from './submit-bar';

export interface InvoiceFormProps {
  variant: InvoiceFormVariant;
  mode: InvoiceFormMode;
  /** The invoice to start from (draft, rejected invoice, invoice to credit); none for new. */
  initialValue?: InvoicePayload;
  /** Prefills the supplier of a new invoice. */
  supplierProfile?: SupplierProfile;
  /** Schema validation by the server; may throw `ApiError` with violations. */
  onValidate: (payload: InvoicePayload) => Promise<ValidationResult>;
  /** Creates/sends; may throw `ApiError` with violations. */
  onSubmit: (payload: InvoicePayload) => Promise<SubmitResult>;
  onCancel: () => void;
  /** The label of the final step's button (e.g. 'Save draft'); 'Submit' by default. */
  submitLabel?: string;
  /**
   * Called on every change the user makes, with a reader of the current invoice (built only
   * when read, to carry it elsewhere: not on every keystroke).
   */
  onChange?: (current: () => InvoicePayload) => void;
}

/** In these modes sending back what was loaded is refused (spec 4 "Form validity"). */
const MODES_REFUSING_SAME_INVOICE: readonly InvoiceFormMode[] = ['send', 'fix'];

/**
 * The guided invoice form (standard or simplified). It only talks through its callbacks: the
 * screen mounting it picks the endpoint (invoice, draft, fix, credit note).
 */
export function InvoiceForm({
  variant,
  mode,
  initialValue,
  supplierProfile,
  onValidate,
  onSubmit,
  onCancel,
  submitLabel,
  onChange,
}: InvoiceFormProps) {
  const { t } = useTranslation('invoiceForm');
  const { enqueueSnackbar } = useSnackbar();
  // The starting values are taken once: later prop changes must not wipe what the user typed.
  const [defaults] = useState(() =>
    initialFormValues(variant, mode, initialValue, supplierProfile),
  );
  const [originalPayload] = useState(() =>
    initialValue ? canonicalJson(toInvoicePayload(defaults, variant, mode)) : null,
  );
  const schema = variant === 'standard' ? standardInvoiceFormSchema : simplifiedInvoiceFormSchema;
  const form = useForm<FieldValues>({
    // Field names are dynamic paths of the invoice model, so the form is typed loosely; the
    // schema still checks every value.
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
    defaultValues: defaults,
  });
  const registry = useMemo(() => new FieldRegistry(), []);
  const [validated, setValidated] = useState(false);
  const [busy, setBusy] = useState<'validate' | 'submit' | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  // The latest callback, read by the subscription below without resubscribing.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // Any change after a successful validation means the server has not seen this content.
  useEffect(() => {
    const subscription = form.watch(() => {
      setValidated(false);
      onChangeRef.current?.(() => toInvoicePayload(form.getValues(), variant, mode));
    });
    return () => subscription.unsubscribe();
  }, [form, variant, mode]);

  const showFailure = (error: unknown) => {
    const described = describeFailure(error, registry.names(), form.setError);
    setFailure(described);
    setValidated(false);
    const toast = {
      invalid: t('messages.invoiceNotValid'),
      detail: described.detail,
      server: t('messages.serverError'),
      generic: t('messages.genericError'),
    }[described.toast];
    enqueueSnackbar(toast, { variant: 'error' });
  };

  const onClientInvalid = () => {
    setValidated(false);
    enqueueSnackbar(t('messages.invoiceNotValid'), { variant: 'error' });
  };

  const currentPayload = () => toInvoicePayload(form.getValues(), variant, mode);

  const validate = form.handleSubmit(async () => {
    setBusy('validate');
    setFailure(null);
    try {
      const result = await onValidate(currentPayload());
      if (!result.valid) throw new InvalidInvoiceResult(result);
      setValidated(true);
      enqueueSnackbar(t('messages.invoiceValid'), { variant: 'success' });
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  }, onClientInvalid);

  const submit = form.handleSubmit(async () => {
    const payload = currentPayload();
    if (
      MODES_REFUSING_SAME_INVOICE.includes(mode) &&
      originalPayload !== null &&
      canonicalJson(payload) === originalPayload
    ) {
      setFailure({
        isValidation: false,
        lines: [{ path: 'generic', message: t('messages.sameInvoiceSend') }],
        toast: 'detail',
        detail: t('messages.sameInvoiceSend'),
      });
      enqueueSnackbar(t('messages.sameInvoiceSend'), { variant: 'warning' });
      return;
    }
    setBusy('submit');
    setFailure(null);
    try {
      await onSubmit(payload);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  }, onClientInvalid);

  const documentTypeLocked = mode === 'credit-note';
  return (
    <FormProvider {...form}>
      <FieldRegistryProvider registry={registry}>
        <Box
          component="form"
          noValidate
          aria-label={t(variant === 'standard' ? 'title.standard' : 'title.simplified')}
          // Enter in a box validates; submitting is always an explicit click.
          onSubmit={(event) => void validate(event)}
        >
          <FormFailureAlert failure={failure} />
          {variant === 'standard' ? (
            <StandardInvoiceFields documentTypeLocked={documentTypeLocked} />
          ) : (
            <SimplifiedInvoiceFields documentTypeLocked={documentTypeLocked} />
          )}
          <SubmitBar
            validated={validated}
            busy={busy}
            submitLabel={submitLabel}
            onValidate={() => void validate()}
            onSubmit={() => void submit()}
            onCancel={onCancel}
          />
        </Box>
      </FieldRegistryProvider>
    </FormProvider>
  );
}
