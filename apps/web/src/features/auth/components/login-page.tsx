import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PlainPublicLayout } from '../../../components/plain/plain-public-layout';
import { useSession } from '../../../lib/auth';
import { isApiError } from '../../../lib/hydra';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { safeRedirectTarget } from '../../../lib/safe-redirect';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useLogin } from '../api/use-login';
import type { LoginField } from '../model/login-rules';
import { DemoLogins } from './demo-logins';
import { PlainTextField } from './plain-text-field';

const loadLoginRules = () => import('../model/login-rules');

function loginErrorKey(error: unknown): string {
  if (isApiError(error) && error.status === 401) return 'login.invalidCredentials';
  if (isApiError(error) && error.status === 429) return 'login.tooManyAttempts';
  return 'login.failed';
}

/** MUI's ErrorOutline icon, as the themed alerts show it. */
const ERROR_ICON =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';

type Values = Record<LoginField, string>;

/**
 * The login page, drawn without MUI (a plain screen, `plain.css`): its first load is the
 * framework, the texts and this form (issue 32). Checked with the contract's schema, loaded when
 * the page has painted; after a first submit each change is checked again, as the other forms do.
 */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get('redirect_to'));
  const loginMutation = useLogin();
  const config = getRuntimeConfig();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [submitted, setSubmitted] = useState(false);
  const [checking, setChecking] = useState(false);
  // Ready before the user submits: fetched once the page has painted.
  useEffect(() => {
    const handle = window.setTimeout(() => void loadLoginRules().catch(() => undefined), 300);
    return () => window.clearTimeout(handle);
  }, []);

  // Already logged in (e.g. a bookmarked /login): go straight on.
  if (session && !loginMutation.isPending && !loginMutation.isSuccess) {
    return <Navigate to={target} replace />;
  }

  const check = async (next: Values) => {
    const verdict = (await loadLoginRules()).checkLogin(next);
    setErrors(verdict.ok ? {} : verdict.errors);
    return verdict;
  };
  const change = (next: Values) => {
    setValues(next);
    if (submitted) void check(next);
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setChecking(true);
    try {
      const verdict = await check(values);
      if (!verdict.ok) return;
      await loginMutation.mutateAsync(verdict.values);
      await navigate(target, { replace: true });
    } catch {
      // Shown from loginMutation.error below.
    } finally {
      setChecking(false);
    }
  };
  const busy = checking || loginMutation.isPending;

  return (
    <PlainPublicLayout
      footerMaxWidth={720}
      footer={
        config.sandbox && config.demoLogins.length > 0 ? (
          <DemoLogins
            logins={config.demoLogins}
            onPick={(email, password) => {
              setSubmitted(true);
              change({ email, password });
            }}
          />
        ) : null
      }
    >
      <form className="plain-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div>
          <h1 className="plain-title">{t('login.title')}</h1>
          <p className="plain-secondary">{t('login.subtitle')}</p>
        </div>
        {loginMutation.isError ? (
          <div className="plain-alert" role="alert">
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="#d32f2f">
              <path d={ERROR_ICON} />
            </svg>
            {t(loginErrorKey(loginMutation.error))}
          </div>
        ) : null}
        <PlainTextField
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          maxLength={255}
          value={values.email}
          onChange={(event) => change({ ...values, email: event.target.value })}
          error={translateValidationMessage(t, errors.email)}
        />
        <PlainTextField
          name="password"
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          required
          maxLength={255}
          value={values.password}
          onChange={(event) => change({ ...values, password: event.target.value })}
          error={translateValidationMessage(t, errors.password)}
        />
        <button type="submit" className="plain-button" disabled={busy} aria-busy={busy}>
          {t('login.submit')}
        </button>
        <RouterLink to="/reset-password" className="plain-link">
          {t('login.forgotPassword')}
        </RouterLink>
      </form>
    </PlainPublicLayout>
  );
}
