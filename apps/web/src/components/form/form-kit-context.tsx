/**
 * What a form dialog tells its fields and its alert: the translation namespace that holds the
 * resource's `fields.<name>` labels and `hints.<name>` help texts, and the translator of
 * validation messages (a feature may know messages of its own before the common catalogue).
 */
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useValidationMessage } from './form-errors';
import type { MessageTranslator } from './form-errors';

interface FormKit {
  ns: string | readonly string[];
  translateMessage: MessageTranslator | undefined;
}

const FormKitContext = createContext<FormKit>({ ns: 'common', translateMessage: undefined });

export function FormKitProvider({
  ns,
  translateMessage,
  children,
}: {
  ns: string | readonly string[];
  translateMessage?: MessageTranslator;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ ns, translateMessage }), [ns, translateMessage]);
  return <FormKitContext.Provider value={value}>{children}</FormKitContext.Provider>;
}

/** The namespace of the enclosing form dialog (`common` outside one). */
export function useFormNamespace(): string | readonly string[] {
  return useContext(FormKitContext).ns;
}

/** The enclosing form's translator of validation messages, else the common catalogue. */
export function useFormMessage(): MessageTranslator {
  const own = useContext(FormKitContext).translateMessage;
  const common = useValidationMessage();
  return own ?? common;
}
