/**
 * Mode 2 of the onboarding page (spec "Onboarding page", 5, 6): the signed-in user connects the
 * legal entity with a KSeF authorisation token (`autoSelect: true`), then goes back to the legal
 * entities. Without a session the page says so and offers the login, which comes back here (in
 * this mode). A sandbox instance offers a token for the NIP, to rehearse it.
 */
import type { PlLegalEntity, PlOnboarding } from '@fiscus/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import KeyIcon from '@mui/icons-material/Key';
import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../../lib/auth';
import { isApiError } from '../../../lib/hydra';
import { useConnectWithToken, useSandboxToken } from '../api/onboarding-queries';
import { failureOf, type FailureText } from '../model/onboarding-failure';
import { useFailureText } from './failure-message';
import { StepHeading } from './step-heading';
import { usePolish } from './use-polish';

/** Where mode 2 ends (spec: "a success screen with a button back to /gov-pl/legal-entities"). */
export const LEGAL_ENTITIES_PATH = '/gov-pl/legal-entities';

/** The API's own limit on a token (`plKsefTokenRequestSchema`). */
const TOKEN_MAX_LENGTH = 512;

function LoginPrompt() {
  const { t } = usePolish();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <>
      <StepHeading focus={false}>{t('token.title')}</StepHeading>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('token.loginRequired')}
      </Alert>
      <Button
        variant="contained"
        startIcon={<LoginIcon />}
        component={RouterLink}
        to={`/login?redirect_to=${encodeURIComponent(back)}`}
      >
        {t('actions.login')}
      </Button>
    </>
  );
}

function Connected({ entity }: { entity: PlLegalEntity }) {
  const { t } = usePolish();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
      <StepHeading focus>{t('token.successTitle')}</StepHeading>
      <Typography sx={{ mb: 3 }}>
        {t('token.success', { name: entity.name, nip: entity.nip })}
      </Typography>
      <Button variant="contained" component={RouterLink} to={LEGAL_ENTITIES_PATH}>
        {t('actions.toLegalEntities')}
      </Button>
    </Box>
  );
}

function TokenForm({
  onboarding,
  legalEntityUuid,
  onConnected,
}: {
  onboarding: PlOnboarding;
  legalEntityUuid: string;
  onConnected: (entity: PlLegalEntity) => void;
}) {
  const { t } = usePolish();
  const failureText = useFailureText();
  const connect = useConnectWithToken(legalEntityUuid);
  const sandboxToken = useSandboxToken(legalEntityUuid);
  const [token, setToken] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<FailureText | null>(null);
  const submit = async () => {
    setFailure(null);
    const value = token.trim();
    if (value === '') {
      setFieldError(t('validation.required'));
      return;
    }
    setFieldError(null);
    try {
      onConnected(await connect.mutateAsync(value));
    } catch (error) {
      const refused = failureOf(error);
      const onField =
        isApiError(error) &&
        error.violations.some((violation) => violation.propertyPath === 'authorizationToken');
      if (onField) setFieldError(failureText(refused));
      else setFailure(refused);
    }
  };
  const fillSandboxToken = async () => {
    setFailure(null);
    try {
      const { authorizationToken } = await sandboxToken.mutateAsync();
      setToken(authorizationToken);
      setFieldError(null);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <StepHeading focus={false}>{t('token.title')}</StepHeading>
      <Typography sx={{ mb: 2 }}>{t('token.text', { nip: onboarding.nip })}</Typography>
      {onboarding.sandbox && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<KeyIcon />}
              loading={sandboxToken.isPending}
              onClick={() => void fillSandboxToken()}
            >
              {t('actions.sandboxToken')}
            </Button>
          }
        >
          {t('token.sandbox')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {failureText(failure)}
        </Alert>
      )}
      <TextField
        label={t('token.field')}
        value={token}
        onChange={(event) => setToken(event.target.value)}
        required
        fullWidth
        multiline
        minRows={2}
        autoComplete="off"
        error={fieldError !== null}
        helperText={fieldError ?? ' '}
        slotProps={{ htmlInput: { maxLength: TOKEN_MAX_LENGTH, spellCheck: false } }}
      />
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={connect.isPending}>
          {t('actions.connect')}
        </Button>
      </Stack>
    </Box>
  );
}

export function TokenFlow({
  onboarding,
  legalEntityUuid,
}: {
  onboarding: PlOnboarding;
  legalEntityUuid: string;
}) {
  const session = useSession();
  const [connected, setConnected] = useState<PlLegalEntity | null>(null);
  if (connected) return <Connected entity={connected} />;
  if (!session) return <LoginPrompt />;
  return (
    <TokenForm
      onboarding={onboarding}
      legalEntityUuid={legalEntityUuid}
      onConnected={setConnected}
    />
  );
}
