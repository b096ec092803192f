/**
 * The form of one tab of the business registry dialog: what the form kit's `FormDialog` does
 * inside its dialog (react-hook-form with the zod schema, fields registered by name, a failed
 * submit's violations onto the fields and into the one alert, Cancel and the busy submit button),
 * for a dialog that holds several forms under its tabs (`DialogFrame` with the tabs as header).
 * The tab decides what a success does: it returns whether the dialog closes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  applyServerErrors,
  FieldRegistry,
  FieldRegistryProvider,
  FormActions,
  FormKitProvider,
  ServerErrorAlert,
} from '../../../components/form';
import type { MessageTranslator, ServerFormError } from '../../../components/form';

export interface TabFormProps<TInput extends FieldValues, TOutput> {
  ns: string;
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** Saves; resolves with whether the dialog closes. A thrown API error shows on the form. */
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => Promise<boolean>;
  onClose: () => void;
  submitLabel: string;
  cancelLabel: string;
  /** The field a violation's path names when it is not the field's own name. */
  fieldOfViolation?: (propertyPath: string) => string | undefined;
  translateMessage?: MessageTranslator;
  /** An error snackbar next to the alert. */
  failureMessage?: (failure: ServerFormError) => string | undefined;
  /** Content above the fields (a report of the last save). */
  notice?: ReactNode;
  children: ReactNode;
}

export function TabForm<TInput extends FieldValues, TOutput>({
  ns,
  schema,
  defaultValues,
  onSubmit,
  onClose,
  submitLabel,
  cancelLabel,
  fieldOfViolation,
  translateMessage,
  failureMessage,
  notice,
  children,
}: TabFormProps<TInput, TOutput>) {
  const { enqueueSnackbar } = useSnackbar();
  const [failure, setFailure] = useState<ServerFormError | null>(null);
  const registry = useMemo(() => new FieldRegistry(), []);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TOutput>,
    defaultValues,
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (await onSubmit(values, form)) onClose();
    } catch (error) {
      const found = applyServerErrors<TInput>(error, form.setError, (propertyPath) => {
        const name = fieldOfViolation?.(propertyPath) ?? propertyPath;
        return registry.has(name) ? (name as Path<TInput>) : undefined;
      });
      setFailure(found);
      const toast = failureMessage?.(found);
      if (toast) enqueueSnackbar(toast, { variant: 'error' });
    }
  });

  return (
    <FormKitProvider ns={ns} translateMessage={translateMessage}>
      <FieldRegistryProvider registry={registry}>
        <FormProvider {...form}>
          {/* A flex column: the fields scroll, the buttons stay in view under them. */}
          <Box
            component="form"
            onSubmit={(event) => void submit(event)}
            noValidate
            sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
          >
            <DialogContent>
              <ServerErrorAlert error={failure} />
              {notice}
              <Stack spacing={2} sx={{ pt: 1 }}>
                {children}
              </Stack>
            </DialogContent>
            <DialogActions>
              <FormActions
                cancelLabel={cancelLabel}
                onCancel={onClose}
                submitLabel={submitLabel}
                busy={form.formState.isSubmitting}
              />
            </DialogActions>
          </Box>
        </FormProvider>
      </FieldRegistryProvider>
    </FormKitProvider>
  );
}
