/**
 * The massive imports tab of the business registry dialog (spec 2.7, 3, 4, 8): the daily
 * download of the company's supplier invoices from the tax drawer. Inactive, it offers
 * activation (with or without the yearly renewal, and optionally the last year's invoices at
 * once), which needs the Fisconline credentials stored in the tax drawer tab (until then the
 * button is off and a warning says where to store them); active, it shows until when it runs, the
 * auto-renew switch and deactivation. After each change a refreshing overlay covers the tab
 * until the status has been asked again; each change ends with its success or error snackbar.
 * Without ROLE_INVOICING_DOWNLOAD the tab says the permission is missing and asks to contact
 * sales, with only a cancel button.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { serverViolationMessage } from '../../../components/form';
import { formatListDate } from '../../../components/list-kit';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/roles';
import { useChangeSchedule } from '../api/registry-mutations';
import type { ScheduleChange } from '../api/registry-mutations';
import { registryQueries } from '../api/registry-queries';
import { canDownloadInvoices } from '../model/registry-access';
import { jobsOfRegistry } from '../model/registry-links';
import type { RegistryTabProps } from './registry-edit-tab';

function MissingPermission({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('businessRegistry');
  return (
    <>
      <DialogContent>
        <Alert severity="error">{t('massiveImports.noPermission')}</Alert>
        <Typography sx={{ mt: 2 }}>{t('massiveImports.contactSales')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
      </DialogActions>
    </>
  );
}

/** Covers the tab while a change is sent and the status asked again (spec 4). */
function RefreshingOverlay({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: (theme) => alpha(theme.palette.background.paper, 0.7),
        zIndex: 1,
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function ScheduleControls({ fiscalId }: { fiscalId: string }) {
  const { t } = useTranslation('businessRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const schedule = useQuery(registryQueries.schedule(fiscalId));
  const credentials = useQuery(registryQueries.credentials(fiscalId));
  const change = useChangeSchedule(fiscalId);
  const [renewOnActivation, setRenewOnActivation] = useState(false);
  const [archiveOnActivation, setArchiveOnActivation] = useState(false);
  const needsCredentialsId = useId();

  const apply = (next: ScheduleChange) => {
    change.mutate(next, {
      onSuccess: () =>
        enqueueSnackbar(t(`massiveImports.messages.${next.kind}`), { variant: 'success' }),
      // Why, when the API said (no Fisconline credentials), in the user's language.
      onError: (error) => {
        const why = error instanceof ApiError ? error.violations.map(serverViolationMessage) : [];
        const message = [t(`massiveImports.messages.${next.kind}Error`), ...why].join(' ');
        enqueueSnackbar(message, { variant: 'error' });
      },
    });
  };

  if (schedule.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('form.loading')} />
      </Box>
    );
  }
  if (schedule.isError) return <Alert severity="error">{t('massiveImports.statusError')}</Alert>;

  const { enabled, valid_until: validUntil, auto_renew: autoRenew } = schedule.data;
  const refreshing = change.isPending || schedule.isFetching;
  // Activation needs stored credentials (the API refuses it without them): only once confirmed.
  const missingCredentials = credentials.data?.credentials_set === false;
  const mayActivate = credentials.data?.credentials_set === true;
  return (
    <Box sx={{ position: 'relative' }} aria-busy={refreshing}>
      {refreshing && <RefreshingOverlay label={t('massiveImports.refreshing')} />}
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('massiveImports.description')}
        </Typography>
        {missingCredentials && (
          <Alert severity="warning" id={needsCredentialsId}>
            {t('massiveImports.needsCredentials')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography>{t('massiveImports.status')}</Typography>
          <Chip
            color={enabled ? 'success' : 'default'}
            variant={enabled ? 'filled' : 'outlined'}
            label={enabled ? t('massiveImports.active') : t('massiveImports.inactive')}
          />
        </Box>
        {enabled ? (
          <>
            {validUntil && (
              <Typography>
                {t('massiveImports.validUntil', {
                  date: formatListDate(validUntil, currentLanguage()),
                })}
              </Typography>
            )}
            <FormControlLabel
              control={
                <Switch
                  checked={autoRenew}
                  disabled={refreshing}
                  onChange={(event) =>
                    apply({ kind: 'autoRenew', autoRenew: event.target.checked })
                  }
                />
              }
              label={t('massiveImports.autoRenew')}
            />
            <Box>
              <Button
                color="error"
                variant="outlined"
                disabled={refreshing}
                onClick={() => apply({ kind: 'deactivate' })}
              >
                {t('massiveImports.deactivate')}
              </Button>
            </Box>
          </>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={renewOnActivation}
                  disabled={refreshing}
                  onChange={(event) => setRenewOnActivation(event.target.checked)}
                />
              }
              label={t('massiveImports.autoRenew')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={archiveOnActivation}
                  disabled={refreshing}
                  onChange={(event) => setArchiveOnActivation(event.target.checked)}
                />
              }
              label={t('massiveImports.downloadArchive')}
            />
            <Box>
              <Button
                variant="contained"
                disabled={refreshing || !mayActivate}
                aria-describedby={missingCredentials ? needsCredentialsId : undefined}
                onClick={() =>
                  apply({
                    kind: 'activate',
                    autoRenew: renewOnActivation,
                    downloadArchive: archiveOnActivation,
                  })
                }
              >
                {t('massiveImports.activate')}
              </Button>
            </Box>
          </>
        )}
        <Link component={RouterLink} to={jobsOfRegistry(fiscalId)}>
          {t('massiveImports.viewJobs')}
        </Link>
      </Stack>
    </Box>
  );
}

export function MassiveImportsTab({ registry, onClose }: RegistryTabProps) {
  const { t } = useTranslation('businessRegistry');
  const access = useCan();
  if (!canDownloadInvoices(access)) return <MissingPermission onClose={onClose} />;
  return (
    <>
      <DialogContent>
        {registry && <ScheduleControls fiscalId={registry.fiscal_id} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </>
  );
}
