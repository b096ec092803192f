/**
 * What the last connect/disconnect of sub-accounts did (spec 4, 8): the accounts connected or
 * disconnected, and those that failed with the server's reason.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { clientErrorDetail, isApiError, violationMessage } from '../../../lib/hydra';
import { i18n } from '../../../lib/i18n';
import type { SyncFailure, SyncReport } from '../model/sub-account-sync';
import { useRegistryMessage } from './use-registry-message';

/** The server's reason for one failure, in the user's language when the feature knows it. */
function useFailureReason() {
  const { t } = useTranslation('businessRegistry');
  const translate = useRegistryMessage();
  return (failure: SyncFailure) => {
    const violation = isApiError(failure.error) ? failure.error.violations[0] : undefined;
    if (violation) {
      const message = violationMessage(violation, i18n.language);
      return translate(message) ?? message;
    }
    return clientErrorDetail(failure.error) || t('subAccounts.genericError');
  };
}

export function SubAccountSyncReport({ report }: { report: SyncReport }) {
  const { t } = useTranslation('businessRegistry');
  const reason = useFailureReason();
  const failed = report.failed.length > 0;
  return (
    <Alert
      severity={failed ? 'warning' : 'success'}
      sx={{ mb: 2 }}
      data-testid="sub-account-sync-report"
    >
      <AlertTitle>{failed ? t('subAccounts.partialTitle') : t('subAccounts.doneTitle')}</AlertTitle>
      {report.succeeded.length > 0 && (
        <>
          <Box component="p" sx={{ m: 0 }}>
            {t('subAccounts.succeeded')}
          </Box>
          <Box component="ul" aria-label={t('subAccounts.succeeded')} sx={{ mt: 0, pl: 2 }}>
            {report.succeeded.map((entry) => (
              <li key={`${entry.action}:${entry.email}`}>
                {t(`subAccounts.${entry.action}ed`, { email: entry.email })}
              </li>
            ))}
          </Box>
        </>
      )}
      {failed && (
        <>
          <Box component="p" sx={{ m: 0 }}>
            {t('subAccounts.failed')}
          </Box>
          <Box component="ul" aria-label={t('subAccounts.failed')} sx={{ my: 0, pl: 2 }}>
            {report.failed.map((entry) => (
              <li key={`${entry.action}:${entry.email}`}>
                {t(`subAccounts.${entry.action}Failed`, {
                  email: entry.email,
                  reason: reason(entry),
                })}
              </li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}
