/**
 * The edit/create tab of the business registry dialog (spec 2.7, 3, 4, 5): every field of the
 * registry, the fiscal id fixed once saved, the webhook configurations it is limited to, and for
 * sub-account managers the linked sub-accounts. Saving writes the registry, then connects and
 * disconnects the sub-accounts one by one; when one of them fails the registry stays saved, the
 * dialog stays open with what succeeded and what failed, and Save tries the rest again. A new
 * registry's dialog stays open on it, with its other tabs.
 */
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormBody, SwitchField, TextField } from '../../../components/form';
import { useCan } from '../../../lib/roles';
import {
  connectSubAccount,
  disconnectSubAccount,
  saveRegistry,
  useRefreshRegistries,
} from '../api/registry-mutations';
import { canLinkSubAccounts, canListWebhooks } from '../model/registry-access';
import {
  existingRegistryValues,
  newRegistryValues,
  registryFormSchema,
  toRegistryRequest,
} from '../model/registry-form';
import type { RegistryFormInput, RegistryFormValues } from '../model/registry-form';
import { isEmptyPlan, planSubAccountSync, runSubAccountSync } from '../model/sub-account-sync';
import type { SyncReport } from '../model/sub-account-sync';
import { ApiConfigurationsField, SubAccountsField } from './link-fields';
import { SubAccountSyncReport } from './sub-account-sync-report';
import { useRegistryMessage } from './use-registry-message';

export interface RegistryTabProps {
  /** The saved registry; null while creating one. */
  registry: BusinessRegistryConfiguration | null;
  /** Asks the dialog to close (it asks first when a tab holds changes). */
  onClose: () => void;
  /** Whether the tab's form holds changes not saved yet. */
  onDirtyChange?: (dirty: boolean) => void;
  /** The registry this tab just created (the dialog goes on with it). */
  onCreated?: (registry: BusinessRegistryConfiguration) => void;
}

/** `api_configurations.2` (a refused link) → the picker. */
function fieldOfViolation(propertyPath: string): string | undefined {
  return propertyPath.startsWith('api_configurations') ? 'api_configurations' : undefined;
}

export function RegistryEditTab({ registry, onClose, onDirtyChange, onCreated }: RegistryTabProps) {
  const { t } = useTranslation('businessRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const translate = useRegistryMessage();
  const refresh = useRefreshRegistries();
  const access = useCan();
  const managesSubAccounts = canLinkSubAccounts(access);
  // Once this dialog created the registry (and a sub-account then failed), Save updates it.
  const [saved, setSaved] = useState(registry);
  const [report, setReport] = useState<SyncReport | null>(null);

  const submit = async (values: RegistryFormValues) => {
    const body = toRegistryRequest(values, saved);
    const result = await saveRegistry(
      saved ? { fiscalId: saved.fiscal_id, body } : { fiscalId: null, body },
    );
    const created = saved === null;
    setSaved(result);
    const plan = managesSubAccounts
      ? planSubAccountSync(result.sub_accounts, values.sub_accounts)
      : { connect: [], disconnect: [] };
    const outcome = isEmptyPlan(plan)
      ? null
      : await runSubAccountSync(plan, {
          connect: (email) => connectSubAccount(result.fiscal_id, email),
          disconnect: (email) => disconnectSubAccount(result.fiscal_id, email),
        });
    await refresh(result);
    const savedMessage = created
      ? t('messages.saved', { fiscalId: result.fiscal_id })
      : t('messages.updated');
    // A new registry's other tabs open now: the dialog stays, on the registry it created.
    if (created) onCreated?.(result);
    if (outcome && outcome.failed.length > 0) {
      // Spec 8: a snackbar, and the per-account lists stay on screen.
      setReport(outcome);
      enqueueSnackbar(savedMessage, { variant: 'success' });
      enqueueSnackbar(t('messages.subAccountsError'), { variant: 'error' });
      return false;
    }
    setReport(null);
    enqueueSnackbar(savedMessage, { variant: 'success' });
    if (outcome) enqueueSnackbar(t('messages.subAccountsUpdated'), { variant: 'success' });
    return !(created && onCreated);
  };

  return (
    <FormBody<RegistryFormInput, RegistryFormValues, boolean>
      ns="businessRegistry"
      pinnedActions
      // A failed sub-account keeps the dialog open with its report.
      keepOpen={(closes) => !closes}
      schema={registryFormSchema}
      defaultValues={registry ? existingRegistryValues(registry) : newRegistryValues()}
      onSubmit={submit}
      onClose={onClose}
      onDirtyChange={onDirtyChange}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      fieldOfViolation={fieldOfViolation}
      translateMessage={translate}
      failureMessage={(failure) =>
        failure.isValidation ? t('messages.validationError') : t('messages.saveError')
      }
      notice={report && <SubAccountSyncReport report={report} />}
    >
      <TextField
        name="fiscal_id"
        required
        disabled={saved !== null}
        transform={(value) => value.toUpperCase()}
        slotProps={{ htmlInput: { maxLength: 16, autoCapitalize: 'characters' } }}
      />
      {saved && (
        <Typography variant="body2" color="text.secondary">
          {t('fields.uuid')}: <span style={{ fontFamily: 'monospace' }}>{saved.uuid}</span>
        </Typography>
      )}
      <TextField name="name" />
      <TextField name="email" type="email" />
      <SwitchField name="supplier_invoice_enabled" />
      <SwitchField name="apply_signature" />
      <SwitchField name="apply_legal_storage" />
      <SwitchField name="receipts_enabled" />
      <ApiConfigurationsField disabled={!canListWebhooks(access)} />
      {managesSubAccounts && <SubAccountsField />}
    </FormBody>
  );
}
