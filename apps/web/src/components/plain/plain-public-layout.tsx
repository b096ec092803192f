import type { ReactNode } from 'react';
import { FiscusLogo } from '../fiscus-logo';
import { PlainLanguageMenu } from './plain-language-menu';

interface PlainPublicLayoutProps {
  children: ReactNode;
  /** Content under the card, e.g. the sandbox demo logins. */
  footer?: ReactNode;
  maxWidth?: number;
  /** The footer may be wider than the card (e.g. a two-column list). */
  footerMaxWidth?: number;
}

/**
 * `PublicPageLayout` without MUI, for the plain screens (the login page): the same header, card
 * and footer, drawn with plain.css.
 */
export function PlainPublicLayout({
  children,
  footer,
  maxWidth = 440,
  footerMaxWidth = maxWidth,
}: PlainPublicLayoutProps) {
  return (
    <div className="plain-root">
      <header className="plain-header">
        <FiscusLogo size={32} />
        <PlainLanguageMenu />
      </header>
      <main className="plain-main">
        <div className="plain-card" style={{ maxWidth }}>
          {children}
        </div>
        {footer ? (
          <div className="plain-footer" style={{ maxWidth: footerMaxWidth }}>
            {footer}
          </div>
        ) : null}
      </main>
    </div>
  );
}
