/**
 * Mode 1 of the onboarding page (spec "Onboarding page", 4, 5): the four steps of signing the
 * authorisation request. NEW shows the introduction first; the download starts the flow when it
 * is NEW (the ten minutes run from there), saves signature_file.xml, and only then lets the user
 * go on; the sign step says how to sign (and, on a sandbox instance, signs with a test
 * certificate); the upload step sends the chosen XML file, base64, with the NIP; the end shows
 * the outcome either way. Once the deadline has passed no step can go on.
 */
import type { PlOnboarding } from '@fiscus/contracts';
import { AUTH_FLOW_STATUS, ONBOARDING_MINUTES } from '../model/contract-codes';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/Error';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { readFileAsBase64 } from '../../../lib/read-file';
import { saveBlob } from '../../../lib/save-blob';
import {
  fetchSignatureFile,
  useActivateOnboarding,
  useSandboxSign,
  useStartOnboarding,
  type OnboardingLink,
} from '../api/onboarding-queries';
import { failureOf, type FailureText } from '../model/onboarding-failure';
import {
  base64ToXmlFile,
  isXmlFile,
  onboardingSteps,
  positionOfStatus,
  SIGNATURE_FILE_NAME,
  SIGNED_FILE_MAX_BYTES,
  SIGNED_FILE_NAME,
  stepIndex,
  type FlowPosition,
} from '../model/onboarding-flow';
import { useFailureText } from './failure-message';
import { StepHeading } from './step-heading';
import { usePolish } from './use-polish';

/** What the upload ended with (the end step shows it, whatever the flow's status says after). */
export type UploadResult = { ok: true } | { ok: false; failure: FailureText };

interface StepProps {
  /** The focus goes to the step's title: the user moved to it. */
  focus: boolean;
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column-reverse', sm: 'row' }}
      spacing={1}
      sx={{ mt: 3, justifyContent: 'flex-end' }}
    >
      {children}
    </Stack>
  );
}

function Intro({ focus, onStart }: StepProps & { onStart: () => void }) {
  const { t } = usePolish();
  return (
    <>
      <StepHeading focus={focus}>{t('intro.title')}</StepHeading>
      <Typography sx={{ mb: 1 }}>{t('intro.text')}</Typography>
      <Typography color="text.secondary">
        {t('intro.time', { minutes: ONBOARDING_MINUTES })}
      </Typography>
      <Actions>
        <Button variant="contained" onClick={onStart}>
          {t('actions.start')}
        </Button>
      </Actions>
    </>
  );
}

function DownloadStep({
  focus,
  link,
  onboarding,
  downloaded,
  onDownloaded,
  onNext,
}: StepProps & {
  link: OnboardingLink;
  onboarding: PlOnboarding;
  downloaded: boolean;
  onDownloaded: () => void;
  onNext: () => void;
}) {
  const { t } = usePolish();
  const failureText = useFailureText();
  const start = useStartOnboarding(link);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureText | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // Spec 4: a NEW flow is started first; its ten minutes run from here.
      const flow =
        onboarding.authFlowStatus === AUTH_FLOW_STATUS.NEW ? await start.mutateAsync() : onboarding;
      saveBlob(await fetchSignatureFile(flow.authFlowUUID, link.hash), SIGNATURE_FILE_NAME);
      onDownloaded();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <StepHeading focus={focus}>{t('download.title')}</StepHeading>
      <Typography sx={{ mb: 2 }}>{t('download.text')}</Typography>
      <Button
        variant={downloaded ? 'outlined' : 'contained'}
        startIcon={<DownloadIcon />}
        loading={busy}
        onClick={() => void download()}
      >
        {t(downloaded ? 'actions.downloadAgain' : 'actions.download')}
      </Button>
      {downloaded && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {t('download.done', { file: SIGNATURE_FILE_NAME })}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
          {failureText(failure)}
        </Alert>
      )}
      <Actions>
        <Button variant="contained" disabled={!downloaded} onClick={onNext}>
          {t('actions.next')}
        </Button>
      </Actions>
    </>
  );
}

function SignStep({
  focus,
  link,
  onboarding,
  sandboxFile,
  onSandboxSigned,
  onBack,
  onNext,
}: StepProps & {
  link: OnboardingLink;
  onboarding: PlOnboarding;
  sandboxFile: File | null;
  onSandboxSigned: (file: File) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = usePolish();
  const failureText = useFailureText();
  const sandboxSign = useSandboxSign(link);
  const [failure, setFailure] = useState<FailureText | null>(null);
  const sign = async () => {
    setFailure(null);
    try {
      const { signedFile } = await sandboxSign.mutateAsync();
      onSandboxSigned(base64ToXmlFile(signedFile, SIGNED_FILE_NAME));
    } catch (error) {
      setFailure(failureOf(error));
    }
  };
  return (
    <>
      <StepHeading focus={focus}>{t('sign.title')}</StepHeading>
      <Typography>{t('sign.text')}</Typography>
      <Box component="ul" sx={{ mt: 1, mb: 2, pl: 3 }}>
        <li>{t('sign.qualifiedSignature')}</li>
        <li>{t('sign.qualifiedSeal')}</li>
        <li>{t('sign.trustedSignature')}</li>
      </Box>
      <Typography>{t('sign.keepXml')}</Typography>
      {onboarding.sandbox && (
        <Alert severity="info" sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('sign.sandbox', { nip: onboarding.nip })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="outlined"
              size="small"
              loading={sandboxSign.isPending}
              onClick={() => void sign()}
            >
              {t('actions.sandboxSign')}
            </Button>
            {sandboxFile && (
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => saveBlob(sandboxFile, SIGNED_FILE_NAME)}
              >
                {t('actions.downloadSigned')}
              </Button>
            )}
          </Stack>
          {sandboxFile && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('sign.sandboxSigned')}
            </Typography>
          )}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
          {failureText(failure)}
        </Alert>
      )}
      <Actions>
        <Button onClick={onBack}>{t('actions.back')}</Button>
        <Button variant="contained" onClick={onNext}>
          {t('actions.next')}
        </Button>
      </Actions>
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function UploadStep({
  focus,
  link,
  onboarding,
  file,
  fromSandbox,
  onChoose,
  onBack,
  onResult,
}: StepProps & {
  link: OnboardingLink;
  onboarding: PlOnboarding;
  file: File | null;
  fromSandbox: boolean;
  onChoose: (file: File) => void;
  onBack: () => void;
  onResult: (result: UploadResult) => void;
}) {
  const { t } = usePolish();
  const activate = useActivateOnboarding(link);
  const [problem, setProblem] = useState<'notXml' | 'tooLarge' | 'unreadable' | null>(null);
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isXmlFile(chosen)) return setProblem('notXml');
    if (chosen.size > SIGNED_FILE_MAX_BYTES) return setProblem('tooLarge');
    setProblem(null);
    onChoose(chosen);
  };
  const upload = async () => {
    if (!file) return;
    let signedFile: string;
    try {
      signedFile = await readFileAsBase64(file);
    } catch {
      setProblem('unreadable');
      return;
    }
    try {
      await activate.mutateAsync({ type: 'onip', identifier: onboarding.nip, signedFile });
      onResult({ ok: true });
    } catch (error) {
      onResult({ ok: false, failure: failureOf(error) });
    }
  };
  return (
    <>
      <StepHeading focus={focus}>{t('upload.title')}</StepHeading>
      <Typography sx={{ mb: 2 }}>{t('upload.text')}</Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
        {t(file ? 'actions.chooseAnother' : 'actions.chooseFile')}
        <Box
          component="input"
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-describedby="onboarding-chosen-file"
          sx={visuallyHidden}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            choose(event.target.files?.[0]);
            // The same file chosen again after a refusal still counts as a choice.
            event.target.value = '';
          }}
        />
      </Button>
      <Typography id="onboarding-chosen-file" sx={{ mt: 1 }} color="text.secondary">
        {file
          ? t('upload.chosen', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })
          : t('upload.noFile')}
      </Typography>
      {file && fromSandbox && (
        <Typography variant="body2" color="text.secondary">
          {t('upload.fromSandbox')}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t(`upload.${problem}`)}
        </Alert>
      )}
      <Actions>
        <Button onClick={onBack} disabled={activate.isPending}>
          {t('actions.back')}
        </Button>
        <Button
          variant="contained"
          disabled={!file}
          loading={activate.isPending}
          onClick={() => void upload()}
        >
          {t('actions.upload')}
        </Button>
      </Actions>
    </>
  );
}

function EndStep({
  focus,
  onboarding,
  result,
}: StepProps & { onboarding: PlOnboarding; result: UploadResult | null }) {
  const { t } = usePolish();
  const failureText = useFailureText();
  if (result && !result.ok) {
    return (
      <Box sx={{ textAlign: 'center' }}>
        <ErrorIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
        <StepHeading focus={focus}>{t('end.errorTitle')}</StepHeading>
        <Alert severity="error" sx={{ textAlign: 'left', mb: 2, whiteSpace: 'pre-line' }}>
          {failureText(result.failure)}
        </Alert>
        <Typography color="text.secondary">{t('end.errorHelp')}</Typography>
      </Box>
    );
  }
  if (!result && onboarding.authFlowStatus === AUTH_FLOW_STATUS.USED) {
    return (
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-label={t('end.waitingTitle')} sx={{ mb: 1 }} />
        <StepHeading focus={focus}>{t('end.waitingTitle')}</StepHeading>
        <Typography>{t('end.waiting')}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ textAlign: 'center' }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
      <StepHeading focus={focus}>{t('end.successTitle')}</StepHeading>
      <Typography>
        {t('end.success', { name: onboarding.customer.customerName, nip: onboarding.nip })}
      </Typography>
    </Box>
  );
}

function Expired({ focus }: StepProps) {
  const { t } = usePolish();
  return (
    <Alert severity="warning">
      <StepHeading focus={focus}>{t('expired.title')}</StepHeading>
      {t('expired.text', { minutes: ONBOARDING_MINUTES })}
    </Alert>
  );
}

export interface SignatureFlowProps {
  link: OnboardingLink;
  onboarding: PlOnboarding;
  /** The deadline has passed: no step can go on. */
  expired: boolean;
  result: UploadResult | null;
  onResult: (result: UploadResult) => void;
}

export function SignatureFlow({ link, onboarding, expired, result, onResult }: SignatureFlowProps) {
  const { t } = usePolish();
  const [position, setPosition] = useState<FlowPosition>(() =>
    result ? 'end' : positionOfStatus(onboarding.authFlowStatus),
  );
  // Whether the user has moved between steps: only then does the focus follow the step.
  const [moved, setMoved] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [sandboxFile, setSandboxFile] = useState<File | null>(null);
  const go = (next: FlowPosition) => {
    setMoved(true);
    setPosition(next);
  };
  const active = stepIndex(position);
  const failed = result?.ok === false;
  const succeeded =
    result?.ok === true ||
    (result === null && onboarding.authFlowStatus === AUTH_FLOW_STATUS.COMPLETED);

  let body: ReactNode;
  if (position === 'end') {
    body = <EndStep focus={moved} onboarding={onboarding} result={result} />;
  } else if (position === 'intro') {
    body = <Intro focus={moved} onStart={() => go('download')} />;
  } else if (expired) {
    body = <Expired focus={moved} />;
  } else if (position === 'download') {
    body = (
      <DownloadStep
        focus={moved}
        link={link}
        onboarding={onboarding}
        downloaded={downloaded}
        onDownloaded={() => setDownloaded(true)}
        onNext={() => go('sign')}
      />
    );
  } else if (position === 'sign') {
    body = (
      <SignStep
        focus={moved}
        link={link}
        onboarding={onboarding}
        sandboxFile={sandboxFile}
        onSandboxSigned={(signed) => {
          // Spec (sandbox): the signed file is offered for download and used in the upload step.
          setSandboxFile(signed);
          setFile(signed);
        }}
        onBack={() => go('download')}
        onNext={() => go('upload')}
      />
    );
  } else {
    body = (
      <UploadStep
        focus={moved}
        link={link}
        onboarding={onboarding}
        file={file}
        fromSandbox={file !== null && file === sandboxFile}
        onChoose={setFile}
        onBack={() => go('sign')}
        onResult={(outcome) => {
          onResult(outcome);
          go('end');
        }}
      />
    );
  }

  return (
    <Box>
      <Stepper
        activeStep={active}
        alternativeLabel
        component="ol"
        aria-label={t('steps.label')}
        sx={{ p: 0, m: 0, listStyle: 'none' }}
      >
        {onboardingSteps.map((step, index) => {
          const current = index === active;
          const errorStep = step === 'end' && failed;
          return (
            <Step
              key={step}
              component="li"
              completed={index < active || (step === 'end' && position === 'end' && succeeded)}
              aria-current={current ? 'step' : undefined}
            >
              <StepLabel error={errorStep}>{t(`steps.${step}`)}</StepLabel>
            </Step>
          );
        })}
      </Stepper>
      <Box component="section" sx={{ mt: 3 }}>
        {body}
      </Box>
    </Box>
  );
}
