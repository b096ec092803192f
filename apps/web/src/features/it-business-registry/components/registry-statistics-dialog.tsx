/**
 * The statistics dialog of one registry (spec 2.8): the yearly statistics the page is given (the
 * statistics feature, composed in `app/pages`), restricted to the registry's fiscal id.
 */
import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';

export function RegistryStatisticsDialog({
  fiscalId,
  children,
  onClose,
}: {
  fiscalId: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessRegistry');
  return (
    <DialogFrame
      onClose={onClose}
      title={t('statistics.title', { fiscalId })}
      closeLabel={t('actions.close')}
      maxWidth="lg"
    >
      <DialogContent>{children}</DialogContent>
    </DialogFrame>
  );
}
