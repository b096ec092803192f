/**
 * The recover invoices tab of the business registry dialog (spec 2.7, 7, 8, 9; shown only with
 * ROLE_INVOICING_RECOVER): over a range of days (the last 90 by default) it shows how many of
 * the company's invoices SDI rejected and how many of them are not here yet; 'Recover' imports
 * those as customer invoices in marking rejected with their NS, says how many, and links to the
 * rejected invoices still to fix.
 */
import { rejectedInvoicesMessages } from '@fiscus/contracts';
import type { RejectedInvoicesRecovery } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { DateField, FormBody } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { useRecoverRejected } from '../api/registry-mutations';
import { registryQueries } from '../api/registry-queries';
import { rejectedInvoicesToFix } from '../model/registry-links';
import { defaultRecoverRange, isCompleteRange, isCredentialsMissing } from '../model/tax-portal';
import type { DayRangeValues } from '../model/tax-portal';
import type { RegistryTabProps } from './registry-edit-tab';
import { useRegistryMessage } from './use-registry-message';

const recoverFormSchema = z
  .object({
    from_date: z.string().min(1, { error: rejectedInvoicesMessages.dateFormat }),
    to_date: z.string().min(1, { error: rejectedInvoicesMessages.dateFormat }),
  })
  .refine((range) => range.from_date <= range.to_date, {
    path: ['to_date'],
    error: rejectedInvoicesMessages.dateOrder,
  });

function RejectedCount({ fiscalId }: { fiscalId: string }) {
  const { t } = useTranslation('businessRegistry');
  const [from, to] = useWatch<DayRangeValues>({ name: ['from_date', 'to_date'] });
  const range = { from_date: from ?? '', to_date: to ?? '' };
  const complete = isCompleteRange(range);
  const count = useQuery({ ...registryQueries.rejectedCount(fiscalId, range), enabled: complete });
  if (!complete) return null;
  if (count.isPending) return <CircularProgress size={20} aria-label={t('recover.counting')} />;
  if (count.isError) {
    const missing = count.error instanceof ApiError && isCredentialsMissing(count.error.violations);
    return (
      <Alert severity={missing ? 'warning' : 'error'}>
        {missing ? t('recover.needsCredentials') : t('recover.countError')}
      </Alert>
    );
  }
  return (
    <Box role="status" aria-live="polite">
      <Typography>{t('recover.count', { count: count.data.count })}</Typography>
      <Typography sx={{ fontWeight: 600 }}>
        {t('recover.pending', { count: count.data.pending })}
      </Typography>
    </Box>
  );
}

function RecoveryReport({
  recovery,
  fiscalId,
}: {
  recovery: RejectedInvoicesRecovery;
  fiscalId: string;
}) {
  const { t } = useTranslation('businessRegistry');
  return (
    <Alert severity={recovery.failed.length > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
      <AlertTitle>{t('recover.recovered', { count: recovery.recovered.length })}</AlertTitle>
      {recovery.skipped > 0 && (
        <Typography variant="body2">{t('recover.skipped', { count: recovery.skipped })}</Typography>
      )}
      {recovery.failed.map((failure) => (
        <Typography variant="body2" key={failure.sdi_id}>
          {t('recover.failed', { fileName: failure.file_name, message: failure.message })}
        </Typography>
      ))}
      <Link component={RouterLink} to={rejectedInvoicesToFix(fiscalId)}>
        {t('recover.openRejected')}
      </Link>
    </Alert>
  );
}

export function RecoverTab({ registry, onClose }: RegistryTabProps) {
  const { t } = useTranslation('businessRegistry');
  const translate = useRegistryMessage();
  const fiscalId = registry?.fiscal_id ?? '';
  const recover = useRecoverRejected(fiscalId);
  const [defaults] = useState(() => defaultRecoverRange(dayjs()));
  const [recovery, setRecovery] = useState<RejectedInvoicesRecovery | null>(null);
  if (!registry) return <DialogContent />;
  return (
    <FormBody<DayRangeValues, DayRangeValues, RejectedInvoicesRecovery>
      ns="businessRegistry"
      pinnedActions
      schema={recoverFormSchema}
      defaultValues={defaults}
      onSubmit={async (range) => {
        setRecovery(null);
        const result = await recover.mutateAsync(range);
        setRecovery(result);
        return result;
      }}
      // Spec 8: 'invoices_recovered'; the report and its link stay on screen.
      successMessage={(result) => t('recover.recovered', { count: result.recovered.length })}
      failureMessage={() => t('messages.saveError')}
      keepOpen={() => true}
      translateMessage={translate}
      submitLabel={t('recover.submit')}
      cancelLabel={t('actions.close')}
      onClose={onClose}
      notice={recovery && <RecoveryReport recovery={recovery} fiscalId={fiscalId} />}
    >
      <Typography variant="body2" color="text.secondary">
        {t('recover.description')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField name="from_date" required />
        <DateField name="to_date" required />
      </Stack>
      <RejectedCount fiscalId={fiscalId} />
    </FormBody>
  );
}
