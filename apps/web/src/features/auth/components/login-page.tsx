import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PublicPageLayout } from '../../../components/public-page-layout';
import { useSession } from '../../../lib/auth';
import { isApiError } from '../../../lib/hydra';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { safeRedirectTarget } from '../../../lib/safe-redirect';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useLogin } from '../api/use-login';
import type { LoginFormInput, LoginFormOutput } from '../model/login-resolver';
import { DemoLogins } from './demo-logins';

const loadLoginResolver = () =>
  import('../model/login-resolver').then((rules) => rules.loginResolver);

/** The contract's rules, fetched on first use: the page paints without the schema library. */
const loginResolver: Resolver<LoginFormInput, unknown, LoginFormOutput> = async (...args) =>
  (await loadLoginResolver())(...args);

function loginErrorKey(error: unknown): string {
  if (isApiError(error) && error.status === 401) return 'login.invalidCredentials';
  if (isApiError(error) && error.status === 429) return 'login.tooManyAttempts';
  return 'login.failed';
}

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get('redirect_to'));
  const loginMutation = useLogin();
  const config = getRuntimeConfig();
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Ready before the user submits: fetched once the page has painted.
  useEffect(() => {
    const handle = window.setTimeout(() => void loadLoginResolver().catch(() => undefined), 300);
    return () => window.clearTimeout(handle);
  }, []);

  // Already logged in (e.g. a bookmarked /login): go straight on.
  if (session && !loginMutation.isPending && !loginMutation.isSuccess) {
    return <Navigate to={target} replace />;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
      await navigate(target, { replace: true });
    } catch {
      // Shown from loginMutation.error below.
    }
  });

  return (
    <PublicPageLayout
      footerMaxWidth={720}
      footer={
        config.sandbox && config.demoLogins.length > 0 ? (
          <DemoLogins
            logins={config.demoLogins}
            onPick={(email, password) => {
              form.setValue('email', email, { shouldValidate: true });
              form.setValue('password', password, { shouldValidate: true });
            }}
          />
        ) : null
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void onSubmit(event)}>
        <div>
          <Typography variant="h5" component="h1">
            {t('login.title')}
          </Typography>
          <Typography color="text.secondary">{t('login.subtitle')}</Typography>
        </div>
        {loginMutation.isError ? (
          <Alert severity="error" role="alert">
            {t(loginErrorKey(loginMutation.error))}
          </Alert>
        ) : null}
        <TextField
          {...form.register('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          error={Boolean(errors.email)}
          helperText={translateValidationMessage(t, errors.email?.message)}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField
          {...form.register('password')}
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
          error={Boolean(errors.password)}
          helperText={translateValidationMessage(t, errors.password?.message)}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
          {t('login.submit')}
        </Button>
        <Link
          component={RouterLink}
          to="/reset-password"
          variant="body2"
          sx={{ alignSelf: 'center' }}
        >
          {t('login.forgotPassword')}
        </Link>
      </Stack>
    </PublicPageLayout>
  );
}
