import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nativeLanguageNames, useLanguageChoice } from '../use-language-choice';

/** MUI's Translate icon, drawn here so the login page needs no icon package. */
const TRANSLATE_ICON =
  'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z';

/**
 * The language menu of the plain screens (the login page), as the themed `LanguageMenu` behaves:
 * a menu button whose list opens on the active language, moves with the arrow keys, Home and End,
 * and closes with Escape, a choice, or a click elsewhere (focus back on the button).
 */
export function PlainLanguageMenu() {
  const { t } = useTranslation('common');
  const { active, languages, choose } = useLanguageChoice();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return undefined;
    items.current[Math.max(0, languages.indexOf(active))]?.focus();
    const outside = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, active, languages]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = items.current.findIndex((item) => item === document.activeElement);
    const last = languages.length - 1;
    const to = {
      ArrowDown: at >= last ? 0 : at + 1,
      ArrowUp: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      items.current[to]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="plain-menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="plain-text-button"
        aria-label={t('language.choose')}
        data-testid="language-menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d={TRANSLATE_ICON} />
        </svg>
        {active.toUpperCase()}
      </button>
      {open ? (
        <ul id={menuId} role="menu" className="plain-menu" onKeyDown={move}>
          {languages.map((language, index) => (
            <li key={language} role="none">
              <button
                ref={(item) => {
                  items.current[index] = item;
                }}
                type="button"
                role="menuitem"
                lang={language}
                tabIndex={-1}
                aria-current={language === active ? 'true' : undefined}
                onClick={() => {
                  close();
                  choose(language);
                }}
              >
                {nativeLanguageNames[language]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
