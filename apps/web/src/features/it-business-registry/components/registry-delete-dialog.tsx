/** Deleting a business registry configuration (spec 2.6, 8): the server's refusal shows in the snackbar. */
import type { BusinessRegistryConfiguration } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useDeleteRegistry } from '../api/registry-mutations';

export function RegistryDeleteDialog({
  registry,
  onClose,
}: {
  registry: BusinessRegistryConfiguration;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessRegistry');
  const remove = useDeleteRegistry();
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', {
        fiscalId: registry.fiscal_id,
        name: registry.name ?? registry.fiscal_id,
      })}
      onDelete={() => remove.mutateAsync(registry.fiscal_id)}
      successMessage={t('messages.deleted', { fiscalId: registry.fiscal_id })}
      errorMessage={t('messages.deleteError')}
      onClose={onClose}
    />
  );
}
