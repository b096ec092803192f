import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { SnackbarProvider } from 'notistack';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import codeLists from '../../../locales/en/codeLists.json';
import invoiceForm from '../../../locales/en/invoiceForm.json';

/** English strings of the form, loaded synchronously (tests only). */
function createFormTestI18n() {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    ns: ['invoiceForm', 'codeLists'],
    defaultNS: 'invoiceForm',
    resources: { en: { invoiceForm, codeLists } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders `ui` with the form's translations and the snackbar host the toasts need. */
export function renderWithFormProviders(ui: ReactElement) {
  return render(
    <I18nextProvider i18n={createFormTestI18n()}>
      <SnackbarProvider maxSnack={3}>{ui}</SnackbarProvider>
    </I18nextProvider>,
  );
}
