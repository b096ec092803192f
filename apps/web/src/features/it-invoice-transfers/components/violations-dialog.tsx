/**
 * The violations dialog the error badge opens (spec 2), through the URL
 * (`?dialogId=transfer-violations&dialog_uuid=…`): the file's name and each violation.
 */
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailsDialog } from '../../../components/list-kit';
import { transferQueries } from '../api/transfer-queries';
import { transferViolations } from '../model/transfer-violations';
import { ViolationsList } from './violations-list';

export function ViolationsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('invoiceTransfers');
  const transfer = useQuery(transferQueries.detail(uuid));
  const violations = transferViolations(transfer.data?.violations ?? null);
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={t('violations.title')}
      isLoading={transfer.isPending}
      isError={transfer.isError}
    >
      {transfer.data && (
        <>
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {transfer.data.original_file_name}
          </Typography>
          {violations.length > 0 ? (
            <ViolationsList violations={violations} />
          ) : (
            <Typography color="text.secondary">{t('violations.none')}</Typography>
          )}
        </>
      )}
    </DetailsDialog>
  );
}
