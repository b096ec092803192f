import { zodResolver } from '@hookform/resolvers/zod';
import { preSaleActionTypes } from '@fiscus/contracts';
import type { PreSale, PreSaleAction } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ServerErrorAlert,
  applyServerErrors,
  formatListTimestamp,
  useValidationMessage,
} from '../../../components/list-kit';
import type { ServerFormError } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { preSaleActionQueries } from '../api/pre-sale-action-queries';
import { useSavePreSaleAction } from '../api/use-save-pre-sale-action';
import {
  existingPreSaleActionValues,
  newPreSaleActionValues,
  preSaleActionFormSchema,
  toPreSaleActionRequest,
} from './pre-sale-action-form-schema';
import type {
  PreSaleActionFormInput,
  PreSaleActionFormValues,
} from './pre-sale-action-form-schema';

const FORM_FIELDS = ['pre_sale_uuid', 'threshold', 'action_type', 'target', 'enabled'] as const;

interface PreSaleActionDialogProps {
  /** The action to edit; null creates a new one. */
  action: PreSaleAction | null;
  onClose: () => void;
}

function preSaleLabel(preSale: PreSale, language: string): string {
  return `${formatListTimestamp(preSale.current_credit_purchased_at, language)} · ${preSale.current_credit_available} / ${preSale.current_credit_purchased} EUR`;
}

function PreSaleActionForm({
  action,
  preSales,
  onClose,
}: PreSaleActionDialogProps & { preSales: PreSale[] }) {
  const { t } = useTranslation('preSaleActions');
  const translate = useValidationMessage();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSavePreSaleAction();
  const [serverError, setServerError] = useState<ServerFormError | null>(null);
  const language = currentLanguage();
  // The spec fetches the pre-sale first and attaches the action to it; the first listed is
  // the account's current credit.
  const firstPreSale = preSales[0]?.uuid ?? '';
  const form = useForm<PreSaleActionFormInput, unknown, PreSaleActionFormValues>({
    resolver: zodResolver(preSaleActionFormSchema),
    defaultValues: action
      ? existingPreSaleActionValues(action)
      : newPreSaleActionValues(firstPreSale),
  });
  const noPreSale = action === null && firstPreSale === '';

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await save.mutateAsync({
        uuid: action?.uuid ?? null,
        body: toPreSaleActionRequest(values),
      });
      enqueueSnackbar(
        t(action ? 'messages.updated' : 'messages.created', { target: saved.target }),
        {
          variant: 'success',
        },
      );
      onClose();
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, FORM_FIELDS));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <ServerErrorAlert error={serverError} />
        {noPreSale && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('form.noPreSale')}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(preSales.length > 1 || form.formState.errors.pre_sale_uuid) && (
            <Controller
              name="pre_sale_uuid"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  select
                  label={t('fields.pre_sale_uuid')}
                  error={fieldState.invalid}
                  helperText={translate(fieldState.error?.message)}
                  fullWidth
                >
                  {preSales.map((preSale) => (
                    <MenuItem key={preSale.uuid} value={preSale.uuid}>
                      {preSaleLabel(preSale, language)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <Controller
            name="threshold"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                value={Number.isNaN(field.value) ? '' : String(field.value)}
                // An empty box is NaN, which the schema reports as "should not be blank".
                onChange={(event) =>
                  field.onChange(
                    event.target.value === '' ? Number.NaN : Number(event.target.value),
                  )
                }
                type="number"
                label={t('fields.threshold')}
                required
                error={fieldState.invalid}
                helperText={translate(fieldState.error?.message) ?? t('hints.threshold')}
                slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
                fullWidth
              />
            )}
          />
          <Controller
            name="action_type"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                label={t('fields.action_type')}
                required
                error={fieldState.invalid}
                helperText={translate(fieldState.error?.message)}
                fullWidth
              >
                {preSaleActionTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`actionTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="target"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                type="email"
                label={t('fields.target')}
                required
                error={fieldState.invalid}
                helperText={translate(fieldState.error?.message) ?? t('hints.target')}
                fullWidth
              />
            )}
          />
          <Controller
            name="enabled"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                label={t('fields.enabled')}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={noPreSale}
          loading={form.formState.isSubmitting}
        >
          {t('actions.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Create or edit a credit alert: mail `target` when the available credit falls below `threshold`. */
export function PreSaleActionDialog({ action, onClose }: PreSaleActionDialogProps) {
  const { t } = useTranslation('preSaleActions');
  const titleId = useId();
  const preSales = useQuery({ ...preSaleActionQueries.preSales(), enabled: action === null });

  let content;
  if (action !== null) {
    content = <PreSaleActionForm action={action} preSales={[]} onClose={onClose} />;
  } else if (preSales.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('form.loadingPreSales')} />
      </Box>
    );
  } else if (preSales.isError) {
    content = (
      <>
        <DialogContent>
          <Alert severity="error">{t('form.preSalesError')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
        </DialogActions>
      </>
    );
  } else {
    content = <PreSaleActionForm action={null} preSales={preSales.data.items} onClose={onClose} />;
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(action ? 'edit.title' : 'create.title')}</DialogTitle>
      {content}
    </Dialog>
  );
}
