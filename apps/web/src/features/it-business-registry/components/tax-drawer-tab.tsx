/**
 * The tax drawer ('cassetto fiscale') tab of the business registry dialog (spec 2.7, 3, 5, 8):
 * whether Fisconline credentials are stored for the company and since when (never the
 * credentials themselves), the form that stores new ones (codice fiscale, password, the 10-digit
 * PIN checked in the form, then the set checked by the tax portal: refused ones show the spec's
 * invalid-credentials message, and the stored ones are said to stay in use), and the
 * interactive set-up, which needs the registry's phone number and opens the portal's consent page
 * in a new tab.
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormBody, TextField } from '../../../components/form';
import { formatListTimestamp } from '../../../components/list-kit';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { startInteractiveSetup, useSaveCredentials } from '../api/registry-mutations';
import { registryQueries } from '../api/registry-queries';
import {
  canStartInteractive,
  credentialsFormSchema,
  emptyCredentials,
  isInvalidCredentials,
} from '../model/tax-portal';
import type { CredentialsFormInput } from '../model/tax-portal';
import type { RegistryTabProps } from './registry-edit-tab';
import { useRegistryMessage } from './use-registry-message';

type Registry = NonNullable<RegistryTabProps['registry']>;

/**
 * Whether credentials are stored and since when. While the portal's refusal of new ones shows, the
 * stored ones are said to stay in use, not green 'stored' beside the red refusal.
 */
function CredentialsStatus({ fiscalId, refused }: { fiscalId: string; refused: boolean }) {
  const { t } = useTranslation('businessRegistry');
  const status = useQuery(registryQueries.credentials(fiscalId));
  if (status.isPending) return <CircularProgress size={20} aria-label={t('form.loading')} />;
  if (status.isError) return <Alert severity="error">{t('taxDrawer.statusError')}</Alert>;
  const { credentials_set: stored, set_at: setAt, source } = status.data;
  if (!stored || !setAt) {
    return (
      <Alert severity="warning" role="status">
        {t('taxDrawer.notStored')}
      </Alert>
    );
  }
  const date = formatListTimestamp(setAt, currentLanguage());
  if (refused) {
    return (
      <Alert severity="info" role="status">
        {t('taxDrawer.storedKept', { date })}
      </Alert>
    );
  }
  return (
    <Alert severity="success" role="status">
      {t(source === 'interactive' ? 'taxDrawer.storedInteractive' : 'taxDrawer.stored', { date })}
    </Alert>
  );
}

/** Opens the consent page: a tab opened at the click (no popup blocker), pointed at the link. */
function InteractiveSetup({ registry }: { registry: Registry }) {
  const { t } = useTranslation('businessRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const allowed = canStartInteractive(registry);

  const start = async () => {
    const page = window.open('', '_blank');
    setBusy(true);
    try {
      const { url } = await startInteractiveSetup(registry.fiscal_id);
      setLink(url);
      if (page) {
        page.opener = null;
        page.location.href = url;
      }
    } catch {
      page?.close();
      enqueueSnackbar(t('taxDrawer.interactiveError'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="tax-drawer-interactive" sx={{ mt: 2 }}>
      <Typography id="tax-drawer-interactive" variant="subtitle2" component="h3">
        {t('taxDrawer.interactiveTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {allowed ? t('taxDrawer.interactiveHint') : t('taxDrawer.interactiveNeedsPhone')}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<OpenInNewIcon />}
        disabled={!allowed}
        loading={busy}
        onClick={() => void start()}
      >
        {t('taxDrawer.interactiveStart')}
      </Button>
      {link && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link href={link} target="_blank" rel="noopener noreferrer">
            {t('taxDrawer.interactiveLink')}
          </Link>
        </Typography>
      )}
    </Box>
  );
}

export function TaxDrawerTab({ registry, onClose, onDirtyChange }: RegistryTabProps) {
  const { t } = useTranslation('businessRegistry');
  const translate = useRegistryMessage();
  const fiscalId = registry?.fiscal_id ?? '';
  const save = useSaveCredentials(fiscalId);
  const [refused, setRefused] = useState(false);
  if (!registry) return <DialogContent />;
  return (
    <FormBody<CredentialsFormInput, CredentialsFormInput, unknown>
      ns="businessRegistry"
      pinnedActions
      schema={credentialsFormSchema}
      defaultValues={emptyCredentials}
      onSubmit={async (values) => {
        setRefused(false);
        try {
          return await save.mutateAsync(values);
        } catch (error) {
          setRefused(error instanceof ApiError && isInvalidCredentials(error.violations));
          throw error;
        }
      }}
      successMessage={t('taxDrawer.saved')}
      // Spec 8 'global.invalid_credentials': the alert lists it, a snackbar says it too.
      failureMessage={(failure) =>
        isInvalidCredentials(failure.violations) ? t('validation.invalidCredentials') : undefined
      }
      translateMessage={translate}
      submitLabel={t('taxDrawer.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
      onDirtyChange={onDirtyChange}
      notice={
        <>
          <CredentialsStatus fiscalId={fiscalId} refused={refused} />
          <InteractiveSetup registry={registry} />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
            {t('taxDrawer.formTitle')}
          </Typography>
        </>
      }
    >
      <TextField
        name="codice_fiscale"
        required
        autoComplete="off"
        transform={(value) => value.toUpperCase()}
        slotProps={{ htmlInput: { maxLength: 16, autoCapitalize: 'characters' } }}
      />
      <TextField name="password" type="password" required autoComplete="new-password" />
      <TextField
        name="pin"
        type="password"
        required
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </FormBody>
  );
}
