/**
 * Binds one input of a form dialog by name: the react-hook-form controller, the label
 * (`fields.<name>` of the dialog's namespace unless given), the help text (`hints.<name>` when the
 * namespace has one) and the translated client or server error. Every kit field is built on it,
 * and so can a feature's own input (a file picker, an autocomplete).
 */
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRegisterField } from './field-registry';
import { useFormMessage, useFormNamespace } from './form-kit-context';
import type { MessageTranslator } from './form-errors';

export interface FormFieldOptions {
  /** The label instead of `fields.<name>`. */
  label?: string;
  /** The help text instead of `hints.<name>`; null for none. */
  help?: string | null;
  /** The translator of this field's messages instead of the form's. */
  translateMessage?: MessageTranslator;
}

export function useFormField(name: string, options: FormFieldOptions = {}) {
  const ns = useFormNamespace();
  const { t, i18n } = useTranslation(ns as string | string[]);
  const formTranslate = useFormMessage();
  const translate = options.translateMessage ?? formTranslate;
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  useRegisterField(name);
  const hintKey = `hints.${name}`;
  const help =
    options.help === undefined
      ? i18n.exists(hintKey, { ns: ns as string | string[] })
        ? t(hintKey)
        : undefined
      : (options.help ?? undefined);
  const error = translate(fieldState.error?.message);
  return {
    field,
    fieldState,
    label: options.label ?? t(`fields.${name}`),
    invalid: fieldState.invalid,
    /** The error when there is one, else the help text. */
    helperText: error || help,
  };
}
