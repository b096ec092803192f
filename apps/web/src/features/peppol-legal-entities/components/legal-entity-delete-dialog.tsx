import type { PeppolLegalEntity } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { useDeleteLegalEntity } from '../api/use-delete-legal-entity';

export function LegalEntityDeleteDialog({
  domain,
  entity,
  onClose,
}: {
  domain: PeppolDomain;
  entity: PeppolLegalEntity;
  onClose: () => void;
}) {
  const { t } = useTranslation('peppolLegalEntities');
  const remove = useDeleteLegalEntity(domain);
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', {
        name: entity.registeredName,
        identifier: `${entity.identifierScheme}:${entity.identifierValue}`,
      })}
      onDelete={() => remove.mutateAsync(entity.uuid)}
      successMessage={t('messages.deleted', { name: entity.registeredName })}
      errorMessage={t('errors.generic', { ns: 'common' })}
      onClose={onClose}
    />
  );
}
