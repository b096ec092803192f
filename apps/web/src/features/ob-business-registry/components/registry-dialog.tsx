/**
 * New or edit business registry (spec 5), opened from the URL: fiscal id (without country
 * prefix), e-mail, business name and the e-mail alerts; an edit shows the fiscal id and e-mail
 * without letting them change. A 422 shows its detail as a toast and its violations on their
 * fields; any other failure the generic message.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormDialog, SwitchField, TextField } from '../../../components/form';
import { currentLanguage } from '../../../lib/i18n';
import { useSaveRegistry } from '../api/registry-actions';
import { registryQueries } from '../api/registry-queries';
import {
  editRegistrySchema,
  existingRegistryValues,
  newRegistrySchema,
  newRegistryValues,
  toCreateRequest,
  toUpdateRequest,
} from '../model/registry-form';
import { useRegistryMessage } from './use-registry-message';

export function RegistryDialog({
  fiscalId,
  onClose,
}: {
  fiscalId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBusinessRegistry');
  const translate = useRegistryMessage();
  const save = useSaveRegistry();
  const editing = fiscalId !== null;
  const registry = useQuery({ ...registryQueries.detail(fiscalId ?? ''), enabled: editing });
  const existing = editing ? (registry.data ?? null) : null;
  return (
    <FormDialog
      title={t(editing ? 'edit.title' : 'create.title')}
      ns="obBusinessRegistry"
      load={{
        isPending: editing && registry.isPending,
        isError: editing && registry.isError,
        pendingLabel: t('form.loading'),
        errorText: t('form.notFound'),
      }}
      schema={editing ? editRegistrySchema : newRegistrySchema}
      defaultValues={existing ? existingRegistryValues(existing) : newRegistryValues()}
      fields={['fiscalId', 'email', 'businessName', 'emailAlerts']}
      translateMessage={translate}
      onSubmit={(values) =>
        save.mutateAsync(
          existing
            ? { fiscalId: existing.fiscalId, body: toUpdateRequest(values) }
            : { fiscalId: null, body: toCreateRequest(values, currentLanguage()) },
        )
      }
      successMessage={(saved) =>
        t(editing ? 'messages.updated' : 'messages.created', { name: saved.businessName })
      }
      failureMessage={(failure) =>
        failure.isValidation && failure.detail !== ''
          ? failure.detail
          : t('errors.generic', { ns: 'common' })
      }
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <TextField
        name="fiscalId"
        required={!editing}
        disabled={editing}
        slotProps={{ htmlInput: { maxLength: 32 } }}
      />
      <TextField name="email" type="email" required={!editing} disabled={editing} />
      <TextField name="businessName" required slotProps={{ htmlInput: { maxLength: 255 } }} />
      <SwitchField name="emailAlerts" />
    </FormDialog>
  );
}
