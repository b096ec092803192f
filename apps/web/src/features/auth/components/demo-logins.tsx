import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemoLogin } from '../../../lib/runtime-config';

/**
 * Every demo account of a sandbox instance shares this password (see README and the API's demo
 * seed); it is shown only when `/config.json` says the instance is a sandbox.
 */
export const sandboxDemoPassword = 'Fiscus!demo1';

interface DemoLoginsProps {
  logins: DemoLogin[];
  onPick: (email: string, password: string) => void;
}

/** Sandbox helper: one click fills the login form with a demo persona (plain elements). */
export function DemoLogins({ logins, onPick }: DemoLoginsProps) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  return (
    <section className="plain-demo" aria-labelledby={titleId}>
      <div className="plain-demo-head">
        <h2 id={titleId} className="plain-card-title">
          {t('demo.title')}
        </h2>
        <p className="plain-secondary">{t('demo.hint', { password: sandboxDemoPassword })}</p>
      </div>
      <ul className="plain-list" aria-label={t('demo.title')}>
        {logins.map((login) => {
          const localPart = login.email.split('@')[0] ?? login.email;
          return (
            <li key={login.email}>
              <button type="button" onClick={() => onPick(login.email, sandboxDemoPassword)}>
                <span>{login.email}</span>
                <span className="plain-secondary">
                  {t(`demo.personas.${localPart}`, { defaultValue: login.persona })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
