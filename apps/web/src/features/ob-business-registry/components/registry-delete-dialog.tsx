import type { ObBusinessRegistry } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useDeleteRegistry } from '../api/registry-actions';

export function RegistryDeleteDialog({
  registry,
  onClose,
}: {
  registry: ObBusinessRegistry;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBusinessRegistry');
  const remove = useDeleteRegistry();
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', { name: registry.businessName, fiscalId: registry.fiscalId })}
      onDelete={() => remove.mutateAsync(registry.fiscalId)}
      successMessage={t('messages.deleted', { name: registry.businessName })}
      errorMessage={t('errors.generic', { ns: 'common' })}
      onClose={onClose}
    />
  );
}
