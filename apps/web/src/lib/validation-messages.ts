/**
 * The one catalogue of validation messages. The API and the shared zod schemas speak English
 * validation messages (API Platform style); known ones are shown in the user's language via
 * `common:validation.<name>`; any other message (a server text we do not know) is shown as sent.
 * Console-only schemas use `validation.<name>` keys directly as their messages.
 */
import { validationMessages } from '@fiscus/contracts';
import type { TFunction } from 'i18next';

/** The type errors API Platform writes when a property gets a value of the wrong type. */
const typeMessages = {
  notInteger: 'This value should be of type int.',
  notBoolean: 'This value should be of type bool.',
  notString: 'This value should be of type string.',
} as const;

const keyByMessage = new Map<string, string>(
  Object.entries({ ...validationMessages, ...typeMessages }).map(([name, message]) => [
    message,
    name,
  ]),
);

/** The catalogue name (`common:validation.<name>`) of a known English message. */
export function validationMessageKey(message: string): string | undefined {
  return keyByMessage.get(message);
}

export function translateValidationMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  // Console-only rules carry their translation key as message.
  if (message.startsWith('validation.')) return t(message, { ns: 'common' });
  const key = keyByMessage.get(message);
  return key ? t(`validation.${key}`, { ns: 'common', defaultValue: message }) : message;
}
