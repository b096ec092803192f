/**
 * The public page's first two steps (spec 2 "Public invoice access", 5, 8): a button that mails
 * an access code to the invoice's buyer (disabled while the request runs), the masked address it
 * went to, and the code form: the code is required, and a refused code says why on the field
 * (not valid, expired, too many tries). The activated code goes to `onOpened`.
 */
import LockOpenIcon from '@mui/icons-material/LockOpen';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/hydra';
import { activateAccessCode, sendAccessCode } from '../api/access-code';
import {
  ACCESS_CODE_MINUTES,
  codeRefusalOf,
  lacksRecipientEmail,
  type CodeRefusal,
} from '../model/access-code';

/** Why no code could be sent, in the page's words. */
function sendFailureKey(error: unknown): string {
  if (lacksRecipientEmail(error)) return 'errors.noRecipientEmail';
  // The API mails a few codes an hour per invoice, so nobody's mailbox gets flooded.
  if (error instanceof ApiError && error.status === 429) return 'errors.tooManyCodes';
  return 'errors.generic';
}

interface AccessCodeStepsProps {
  uuid: string;
  t: TFunction;
  onOpened: (code: string) => void;
}

export function AccessCodeSteps({ uuid, t, onOpened }: AccessCodeStepsProps) {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const requestCode = async () => {
    setSending(true);
    setSendError(null);
    try {
      setSentTo(await sendAccessCode(uuid));
    } catch (error) {
      setSendError(t(sendFailureKey(error)));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Box>
      {sentTo === null ? (
        <Box>
          <Button
            variant="contained"
            startIcon={<EmailOutlinedIcon />}
            disabled={sending}
            loading={sending}
            onClick={() => void requestCode()}
          >
            {t('actions.requestCode')}
          </Button>
        </Box>
      ) : (
        <>
          <Alert severity="success">
            {t('messages.codeSent', { email: sentTo, minutes: ACCESS_CODE_MINUTES })}
          </Alert>
          <CodeForm uuid={uuid} t={t} onOpened={onOpened} />
          <Box>
            <Button
              size="small"
              disabled={sending}
              loading={sending}
              onClick={() => void requestCode()}
            >
              {t('actions.requestAgain')}
            </Button>
          </Box>
        </>
      )}
      {sendError && <Alert severity="error">{sendError}</Alert>}
    </Stack>
  );
}

const REFUSAL_MESSAGES: Record<CodeRefusal, string> = {
  invalid_access_code: 'messages.invalid_access_code',
  access_code_expired: 'messages.access_code_expired',
  too_many_tries: 'messages.too_many_tries',
};

function CodeForm({ uuid, t, onOpened }: AccessCodeStepsProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const typed = code.trim();
    if (typed === '') {
      setFieldError(t('validation.required'));
      return;
    }
    setFieldError(null);
    setChecking(true);
    try {
      const accessCode = await activateAccessCode(uuid, typed);
      onOpened(accessCode);
    } catch (error) {
      const refusal = codeRefusalOf(error);
      if (refusal) setFieldError(t(REFUSAL_MESSAGES[refusal]));
      else setFormError(t('errors.generic'));
      setChecking(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('fields.accessCode')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (fieldError) setFieldError(null);
          }}
          required
          autoComplete="one-time-code"
          error={fieldError !== null}
          helperText={fieldError ?? ' '}
          slotProps={{ htmlInput: { maxLength: 32, spellCheck: false, inputMode: 'numeric' } }}
          sx={{ width: '100%', maxWidth: 320 }}
        />
        <Button type="submit" variant="contained" startIcon={<LockOpenIcon />} loading={checking}>
          {t('actions.openInvoice')}
        </Button>
        {formError && (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {formError}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
