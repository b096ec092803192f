/**
 * The API and the shared zod schemas speak English validation messages (API Platform style).
 * Known ones are shown in the user's language via `common:validation.<name>`; any other message
 * (a server text we do not know) is shown as sent. Console-only schemas use `validation.<name>`
 * keys directly as their messages.
 */
import { validationMessages } from '@fiscus/contracts';
import type { TFunction } from 'i18next';

const keyByMessage = new Map<string, string>(
  Object.entries(validationMessages).map(([name, message]) => [message, `validation.${name}`]),
);

export function translateValidationMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  // Console-only rules carry their translation key as message.
  if (message.startsWith('validation.')) return t(message, { ns: 'common' });
  const key = keyByMessage.get(message);
  return key ? t(key, { ns: 'common' }) : message;
}
