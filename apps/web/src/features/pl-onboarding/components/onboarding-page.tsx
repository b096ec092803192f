/**
 * `/onboarding/:legalEntityUuid/:hash` (spec "Onboarding page", 4, 5, 6, 8, 9), public: the page a
 * taxpayer opens from the onboarding link to authorise the provider in KSeF, in Polish whatever
 * the console's language. The header names the taxpayer and counts down to the flow's deadline;
 * the user picks mode 1 (sign a file and upload it, no login) or mode 2 (a KSeF token, signed
 * in). The content shows for NEW, IN_PROGRESS, USED and COMPLETED only; any other status (ERROR)
 * shows its reason instead; an upload's outcome stays on screen whatever the flow becomes.
 */
import { AUTH_FLOW_STATUS } from '../model/contract-codes';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FiscusLogo } from '../../../components/fiscus-logo';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/hydra';
import { onboardingQueries, type OnboardingLink } from '../api/onboarding-queries';
import { useRemaining } from '../hooks/use-remaining';
import {
  isShownStatus,
  MODE_PARAM,
  modeOf,
  onboardingModes,
  type OnboardingMode,
} from '../model/onboarding-flow';
import { OnboardingCountdown } from './onboarding-countdown';
import { OnboardingHeader } from './onboarding-header';
import { SignatureFlow, type UploadResult } from './signature-flow';
import { TokenFlow } from './token-flow';
import { usePolish, usePolishTexts } from './use-polish';

/** The screen once its Polish texts are here (a spinner until then). */
function PolishOnly({ children }: { children: ReactNode }) {
  return usePolishTexts() ? children : <PageLoader minHeight={240} />;
}

/** While KSeF checks an uploaded file (USED), the page asks again this often. */
const WAITING_REFRESH_MS = 5000;

function ModeChoice({
  mode,
  onChange,
}: {
  mode: OnboardingMode;
  onChange: (mode: OnboardingMode) => void;
}) {
  const { t } = usePolish();
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ mb: 3, width: '100%' }}>
      <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
        {t('modes.label')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={mode}
        onChange={(event) => onChange(modeOf(event.target.value))}
      >
        {onboardingModes.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -1 } }}
            label={
              <>
                <Typography>{t(`modes.${choice}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`modes.${choice}Help`)}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function ErrorView({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert severity="error" role="alert">
      {title && <AlertTitle component="h2">{title}</AlertTitle>}
      {children}
    </Alert>
  );
}

function OnboardingScreen() {
  const { t } = usePolish();
  const params = useParams();
  const link: OnboardingLink = {
    legalEntityUuid: params.legalEntityUuid ?? '',
    hash: params.hash ?? '',
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = modeOf(searchParams.get(MODE_PARAM));
  const [result, setResult] = useState<UploadResult | null>(null);
  const onboarding = useQuery({
    ...onboardingQueries.detail(link),
    refetchInterval: (query) =>
      query.state.data?.authFlowStatus === AUTH_FLOW_STATUS.USED ? WAITING_REFRESH_MS : false,
  });
  const data = onboarding.data;
  const running = data?.authFlowStatus === AUTH_FLOW_STATUS.IN_PROGRESS && result === null;
  const left = useRemaining(running ? (data?.authFlowDeadline ?? null) : null);

  if (onboarding.isPending) return <PageLoader minHeight={240} />;
  if (!data) {
    const notFound = isApiError(onboarding.error) && [400, 404].includes(onboarding.error.status);
    return <ErrorView>{t(notFound ? 'error.invalidLink' : 'error.generic')}</ErrorView>;
  }

  const chooseMode = (next: OnboardingMode) => {
    const query = new URLSearchParams(searchParams);
    if (next === 'mode_1') query.delete(MODE_PARAM);
    else query.set(MODE_PARAM, next);
    setSearchParams(query, { replace: true });
  };

  let content: ReactNode;
  if (result === null && !isShownStatus(data.authFlowStatus)) {
    // Spec 4: any other status (ERROR) shows a generic error, here with KSeF's reason.
    content = (
      <ErrorView title={t('error.flowTitle')}>
        {data.error
          ? t('error.reason', { message: data.error.message, code: data.error.code })
          : t('error.noReason')}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('end.errorHelp')}
        </Typography>
      </ErrorView>
    );
  } else {
    const settled =
      result !== null ||
      data.authFlowStatus === AUTH_FLOW_STATUS.USED ||
      data.authFlowStatus === AUTH_FLOW_STATUS.COMPLETED;
    content = (
      <>
        {!settled && <ModeChoice mode={mode} onChange={chooseMode} />}
        {!settled && <Divider sx={{ mb: 3 }} />}
        {mode === 'mode_2' && !settled ? (
          <TokenFlow onboarding={data} legalEntityUuid={link.legalEntityUuid} />
        ) : (
          <SignatureFlow
            link={link}
            onboarding={data}
            expired={left === 0}
            result={result}
            onResult={setResult}
          />
        )}
      </>
    );
  }

  return (
    <>
      <OnboardingHeader
        onboarding={data}
        countdown={
          running && data.authFlowDeadline && left !== null ? (
            <OnboardingCountdown deadline={data.authFlowDeadline} left={left} />
          ) : null
        }
      />
      {content}
    </>
  );
}

export default function OnboardingPage() {
  return (
    // Polish whatever the console's language: for screen readers and hyphenation too.
    <Box
      lang="pl"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(180deg, #eef3ff 0%, #f5f7fb 45%)',
      }}
    >
      <Box component="header" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <FiscusLogo size={32} />
      </Box>
      <Box component="main" sx={{ flex: 1, px: { xs: 1, sm: 2 }, pb: 6 }}>
        <Paper
          variant="outlined"
          sx={{ maxWidth: 760, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 2, sm: 4 } }}
        >
          <Suspense fallback={<PageLoader minHeight={240} />}>
            <PolishOnly>
              <OnboardingScreen />
            </PolishOnly>
          </Suspense>
        </Paper>
      </Box>
    </Box>
  );
}
