/**
 * A create/edit dialog in one declaration (ARCHITECTURE "The console"):
 *
 *   <FormDialog title={t('create.title')} ns="subAccounts" schema={schema}
 *     defaultValues={defaults} onSubmit={(values) => create.mutateAsync(values)}
 *     successMessage={(created) => t('messages.created', { email: created.email })}
 *     submitLabel={t('actions.save')} cancelLabel={t('actions.cancel')} onClose={onClose}>
 *     <TextField name="email" type="email" required />
 *     <SwitchField name="enabled" />
 *   </FormDialog>
 *
 * It owns the dialog and its title, the load state, the form (react-hook-form with the zod
 * schema, given to the fields through FormProvider), the submit: a 422's violations onto the
 * fields on screen and the one alert for the failure, the Cancel/submit bar with its loading
 * state, and the success snackbar.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import type { SnackbarKey } from 'notistack';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DialogFrame } from './dialog-frame';
import type { DialogFrameProps } from './dialog-frame';
import { FieldRegistry, FieldRegistryProvider } from './field-registry';
import { FormActions } from './form-actions';
import { applyServerErrors } from './form-errors';
import type { MessageTranslator, ServerFormError } from './form-errors';
import { FormKitProvider } from './form-kit-context';
import { ServerErrorAlert } from './server-error-alert';

export interface FormDialogProps<TInput extends FieldValues, TOutput, TResult> extends Omit<
  DialogFrameProps,
  'children'
> {
  /** The namespace of the resource: fields read `fields.<name>` and `hints.<name>` there. */
  ns: string | readonly string[];
  /** The client-side rules and the submitted type; none leaves every check to the server. */
  schema?: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** Saves the values; a thrown API error is shown on the fields and in the alert. */
  onSubmit: (values: TOutput) => Promise<TResult>;
  /** The success snackbar; the dialog closes after it. */
  successMessage?: string | ((result: TResult) => string);
  /** An error snackbar next to the alert (spec 8 for some forms). */
  failureMessage?: (failure: ServerFormError) => string | undefined;
  submitLabel: string;
  cancelLabel: string;
  submitDisabled?: boolean;
  /** A title the alert carries for every failure instead of 'Validation Error' for a 422. */
  alertTitle?: string;
  /** Fields a violation may name although they are not on screen (they show when it does). */
  fields?: readonly Path<TInput>[];
  /** The field a violation's path names when it is not the field's own name. */
  fieldOfViolation?: (propertyPath: string, values: TInput) => string | undefined;
  /** The feature's translator of validation messages (its own catalogue first). */
  translateMessage?: MessageTranslator;
  /** Content between the alert and the fields (a warning). */
  notice?: ReactNode;
  dividers?: boolean;
  children: ReactNode | ((form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode);
}

/**
 * The form inside a dialog without the dialog: what `FormDialog` renders under its title, for a
 * dialog that holds several forms (the business registry dialog's tabs, each a `FormBody` under
 * a `DialogFrame` whose header is the tabs).
 */
export interface FormBodyProps<TInput extends FieldValues, TOutput, TResult> extends Omit<
  FormDialogProps<TInput, TOutput, TResult>,
  'title' | 'closeLabel' | 'maxWidth' | 'fullScreen' | 'header' | 'load' | 'open'
> {
  /** Whether the dialog stays open after this success (default: it closes). */
  keepOpen?: (result: TResult) => boolean;
  /** The fields scroll and the buttons stay in view under them (a tall tab). */
  pinnedActions?: boolean;
  /**
   * Whether the values differ from the ones the form started from (or last saved), told on each
   * change: a dialog of several forms asks before discarding any of them.
   */
  onDirtyChange?: (dirty: boolean) => void;
}

export function FormBody<TInput extends FieldValues, TOutput, TResult>({
  ns,
  schema,
  defaultValues,
  onSubmit,
  onClose,
  successMessage,
  failureMessage,
  submitLabel,
  cancelLabel,
  submitDisabled = false,
  alertTitle,
  fields = [],
  fieldOfViolation,
  translateMessage,
  notice,
  dividers = false,
  keepOpen,
  pinnedActions = false,
  onDirtyChange,
  children,
}: FormBodyProps<TInput, TOutput, TResult>) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [failure, setFailure] = useState<ServerFormError | null>(null);
  // The error snackbar of the last failure: a new attempt takes it away, so a refusal and the
  // success that follows it are never on screen together.
  const failureToast = useRef<SnackbarKey | undefined>(undefined);
  const registry = useMemo(() => new FieldRegistry(), []);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: schema
      ? (zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TOutput>)
      : undefined,
    defaultValues,
  });
  const { isDirty } = form.formState;
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (failureToast.current !== undefined) closeSnackbar(failureToast.current);
    failureToast.current = undefined;
    try {
      const result = await onSubmit(values);
      if (successMessage !== undefined) {
        const message =
          typeof successMessage === 'function' ? successMessage(result) : successMessage;
        enqueueSnackbar(message, { variant: 'success' });
      }
      // What was saved is the form's new start: nothing is left to discard.
      form.reset(form.getValues());
      onDirtyChange?.(false);
      if (!keepOpen?.(result)) onClose();
    } catch (error) {
      const submitted = form.getValues();
      const shown = (name: string | undefined) =>
        name !== undefined && (registry.has(name) || fields.includes(name as Path<TInput>));
      const found = applyServerErrors<TInput>(error, form.setError, (propertyPath) => {
        const name = fieldOfViolation?.(propertyPath, submitted) ?? propertyPath;
        return shown(name) ? (name as Path<TInput>) : undefined;
      });
      setFailure(found);
      const toast = failureMessage?.(found);
      if (toast) failureToast.current = enqueueSnackbar(toast, { variant: 'error' });
    }
  });

  return (
    <FormKitProvider ns={ns} translateMessage={translateMessage}>
      <FieldRegistryProvider registry={registry}>
        <FormProvider {...form}>
          <Box
            component="form"
            onSubmit={(event) => void submit(event)}
            noValidate
            // A flex column: the fields scroll, the buttons stay in view under them.
            sx={
              pinnedActions ? { display: 'flex', flexDirection: 'column', minHeight: 0 } : undefined
            }
          >
            <DialogContent dividers={dividers}>
              <ServerErrorAlert error={failure} title={alertTitle} />
              {notice}
              <Stack spacing={2} sx={{ pt: 1 }}>
                {typeof children === 'function' ? children(form) : children}
              </Stack>
            </DialogContent>
            <DialogActions>
              <FormActions
                cancelLabel={cancelLabel}
                onCancel={onClose}
                submitLabel={submitLabel}
                busy={form.formState.isSubmitting}
                disabled={submitDisabled}
              />
            </DialogActions>
          </Box>
        </FormProvider>
      </FieldRegistryProvider>
    </FormKitProvider>
  );
}

export function FormDialog<TInput extends FieldValues, TOutput = TInput, TResult = unknown>({
  open = true,
  title,
  closeLabel,
  maxWidth,
  fullScreen,
  header,
  load,
  ...body
}: FormDialogProps<TInput, TOutput, TResult>) {
  return (
    <DialogFrame
      open={open}
      onClose={body.onClose}
      title={title}
      closeLabel={closeLabel}
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      header={header}
      load={load ? { cancelLabel: body.cancelLabel, ...load } : undefined}
    >
      <FormBody {...body} />
    </DialogFrame>
  );
}

/** The common Cancel and Save labels, for dialogs whose namespace has none of its own. */
export function useCommonFormLabels() {
  const { t } = useTranslation('common');
  return { cancelLabel: t('actions.cancel'), submitLabel: t('actions.save') };
}
