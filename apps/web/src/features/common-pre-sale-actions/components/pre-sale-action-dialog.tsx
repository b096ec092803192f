import { preSaleActionTypes } from '@fiscus/contracts';
import type { PreSale, PreSaleAction } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  FormDialog,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
} from '../../../components/form';
import { formatListTimestamp } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { preSaleActionQueries } from '../api/pre-sale-action-queries';
import { useSavePreSaleAction } from '../api/use-save-pre-sale-action';
import {
  existingPreSaleActionValues,
  newPreSaleActionValues,
  preSaleActionFormSchema,
  toPreSaleActionRequest,
} from './pre-sale-action-form-schema';

interface PreSaleActionDialogProps {
  /** The action to edit; null creates a new one. */
  action: PreSaleAction | null;
  onClose: () => void;
}

function preSaleLabel(preSale: PreSale, language: string): string {
  return `${formatListTimestamp(preSale.current_credit_purchased_at, language)} · ${preSale.current_credit_available} / ${preSale.current_credit_purchased} EUR`;
}

/** The pre-sale choice: shown when there is a choice to make, or a violation to show on it. */
function PreSaleSelect({ preSales }: { preSales: PreSale[] }) {
  const { errors } = useFormState({ name: 'pre_sale_uuid' });
  const language = currentLanguage();
  const byUuid = new Map(preSales.map((preSale) => [preSale.uuid, preSale]));
  if (preSales.length <= 1 && !errors.pre_sale_uuid) return null;
  return (
    <SelectField
      name="pre_sale_uuid"
      options={[...byUuid.keys()]}
      optionLabel={(uuid) => {
        const preSale = byUuid.get(uuid);
        return preSale ? preSaleLabel(preSale, language) : uuid;
      }}
    />
  );
}

/** Create or edit a credit alert: mail `target` when the available credit falls below `threshold`. */
export function PreSaleActionDialog({ action, onClose }: PreSaleActionDialogProps) {
  const { t } = useTranslation('preSaleActions');
  const save = useSavePreSaleAction();
  const preSales = useQuery({ ...preSaleActionQueries.preSales(), enabled: action === null });
  const preSaleItems = action === null ? (preSales.data?.items ?? []) : [];
  // The spec fetches the pre-sale first and attaches the action to it; the first listed is
  // the account's current credit.
  const firstPreSale = preSaleItems[0]?.uuid ?? '';
  const noPreSale = action === null && firstPreSale === '';

  return (
    <FormDialog
      title={t(action ? 'edit.title' : 'create.title')}
      ns="preSaleActions"
      load={
        action === null
          ? {
              isPending: preSales.isPending,
              isError: preSales.isError,
              pendingLabel: t('form.loadingPreSales'),
              errorText: t('form.preSalesError'),
            }
          : undefined
      }
      schema={preSaleActionFormSchema}
      defaultValues={
        action ? existingPreSaleActionValues(action) : newPreSaleActionValues(firstPreSale)
      }
      fields={['pre_sale_uuid']}
      onSubmit={(values) =>
        save.mutateAsync({ uuid: action?.uuid ?? null, body: toPreSaleActionRequest(values) })
      }
      successMessage={(saved) =>
        t(action ? 'messages.updated' : 'messages.created', { target: saved.target })
      }
      notice={
        noPreSale && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('form.noPreSale')}
          </Alert>
        )
      }
      submitLabel={t('actions.save')}
      submitDisabled={noPreSale}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <PreSaleSelect preSales={preSaleItems} />
      <NumberField name="threshold" min={1} required />
      <SelectField
        name="action_type"
        required
        options={preSaleActionTypes}
        optionLabel={(type) => t(`actionTypes.${type}`)}
      />
      <TextField name="target" type="email" required />
      <SwitchField name="enabled" />
    </FormDialog>
  );
}
