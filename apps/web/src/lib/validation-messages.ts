/**
 * The one catalogue of validation messages. The API and the shared zod schemas speak English
 * validation messages (API Platform style); known ones are shown in the user's language via
 * `common:validation.<name>`; any other message (a server text we do not know) is shown as sent.
 * Console-only schemas use `validation.<name>` keys directly as their messages. A server violation
 * is worded first by what is stable in it: its sentence in the user's language, else its `code`
 * when `common:violationCodes.<code>` words it (with the violation's parameters; a `reason`
 * parameter picks `<code>_<reason>` when there is one).
 */
import { validationMessages } from '@fiscus/contracts/validation-messages';
import type { TFunction, i18n as I18n } from 'i18next';
import type { Violation } from './hydra';

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

/**
 * A server violation in the user's language from its stable parts: the API's own sentence in
 * that language, else its code worded by `common:violationCodes` (with its parameters and the
 * refused value as `value`); undefined when neither is known (the caller shows the text).
 */
export function translateViolation(i18n: I18n, violation: Violation): string | undefined {
  const language = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2);
  const own = violation.messages?.[language];
  if (own) return own;
  const key = `violationCodes.${violation.code ?? ''}`;
  if (!violation.code || !i18n.exists(key, { ns: 'common' })) return undefined;
  // A code with several causes names its own in `reason` (`zip_entry_unreadable_nested_zip`),
  // worded by the code's key as i18next's context, else by the code's own.
  const reason = violation.parameters?.reason;
  return i18n.t(key, {
    ns: 'common',
    value: violation.propertyContent ?? '',
    ...violation.parameters,
    ...(reason ? { context: reason } : {}),
  });
}

/**
 * The label of the field a server violation names (`name`: the form's field for it, else its
 * `propertyPath`): `fields.<name>` of the form's namespaces, else that of the list it is a row of
 * (`recipients.2` or its `recipients.2.email` → `fields.recipients` 3), else the name as sent.
 */
export function violationFieldLabel(
  i18n: I18n,
  ns: string | readonly string[],
  name: string,
): string {
  const namespaces = typeof ns === 'string' ? [ns] : ns;
  const labelOf = (field: string) => {
    const key = `fields.${field}`;
    for (const namespace of namespaces)
      if (i18n.exists(key, { ns: namespace })) return i18n.t(key, { ns: namespace });
    return undefined;
  };
  const own = labelOf(name);
  if (own !== undefined) return own;
  // A row of a list, or a field of the row: the list's label and the row's number, from 1.
  const row = /^(\w+)(?:\.(\d+)|\[(\d+)\])(?:\.\w+)?$/.exec(name);
  const list = row?.[1] ? labelOf(row[1]) : undefined;
  if (list !== undefined) return `${list} ${Number(row?.[2] ?? row?.[3]) + 1}`;
  return name;
}
