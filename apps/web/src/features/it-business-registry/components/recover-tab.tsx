/**
 * The recover invoices tab of the business registry dialog (spec 2.7, 7, 8, 9; shown only with
 * ROLE_INVOICING_RECOVER): over a range of days (the last 90 by default; at most a year, its
 * rules checked as it is typed, the count asked once the typing settles) it shows how many of
 * the company's invoices SDI rejected and how many of them are not here yet; 'Recover' imports
 * those as customer invoices in marking rejected with their NS, says how many, and links to the
 * rejected invoices still to fix.
 */
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
import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateField, FormBody, serverViolationMessage } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { useRecoverRejected } from '../api/registry-mutations';
import { registryQueries } from '../api/registry-queries';
import { rejectedInvoicesToFix } from '../model/registry-links';
import {
  defaultRecoverRange,
  isCredentialsMissing,
  isValidRecoverRange,
  recoverRangeSchema,
} from '../model/tax-portal';
import type { DayRangeValues } from '../model/tax-portal';
import type { RegistryTabProps } from './registry-edit-tab';
import { useRegistryMessage } from './use-registry-message';

/** How long typing may pause before the count is asked for the range typed. */
const COUNT_DELAY_MS = 400;

/** `value`, once it stayed the same for `delay` ms. */
function useSettledValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The range's rules apply as it is typed: both fields are checked on every change (the order and
 * the length are told on the last day, whichever end changed).
 */
function useLiveRangeCheck(from: string, to: string) {
  const { trigger } = useFormContext<DayRangeValues>();
  useEffect(() => {
    void trigger(['from_date', 'to_date']);
  }, [from, to, trigger]);
}

function RejectedCount({ fiscalId }: { fiscalId: string }) {
  const { t } = useTranslation('businessRegistry');
  const [from = '', to = ''] = useWatch<DayRangeValues>({ name: ['from_date', 'to_date'] });
  useLiveRangeCheck(from, to);
  // One request for a range that stopped changing and passes the rules, none per keystroke.
  const typed = useMemo(() => ({ from_date: from, to_date: to }), [from, to]);
  const range = useSettledValue(typed, COUNT_DELAY_MS);
  const valid = isValidRecoverRange(typed);
  const settled = valid && range === typed;
  const count = useQuery({
    ...registryQueries.rejectedCount(fiscalId, range),
    enabled: settled,
  });
  if (!valid) return null;
  if (!settled || count.isPending) {
    return <CircularProgress size={20} aria-label={t('recover.counting')} />;
  }
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

export function RecoverTab({ registry, onClose, onDirtyChange }: RegistryTabProps) {
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
      schema={recoverRangeSchema}
      defaultValues={defaults}
      onSubmit={async (range) => {
        setRecovery(null);
        const result = await recover.mutateAsync(range);
        setRecovery(result);
        return result;
      }}
      // Spec 8: 'invoices_recovered'; the report and its link stay on screen.
      successMessage={(result) => t('recover.recovered', { count: result.recovered.length })}
      // Spec 8's error snackbar: why, when the API said (no Fisconline credentials), else generic.
      failureMessage={(failure) =>
        failure.violations[0]
          ? serverViolationMessage(failure.violations[0])
          : t('messages.saveError')
      }
      keepOpen={() => true}
      translateMessage={translate}
      submitLabel={t('recover.submit')}
      cancelLabel={t('actions.close')}
      onClose={onClose}
      onDirtyChange={onDirtyChange}
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
