/**
 * The date pickers' adapter and texts, around the signed-in console only: the login page shows
 * no date, so its first load carries neither the pickers' adapter nor their three locales.
 */
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import {
  enUS as pickersEnUS,
  itIT as pickersItIT,
  plPL as pickersPlPL,
} from '@mui/x-date-pickers/locales';
import 'dayjs/locale/it';
import 'dayjs/locale/pl';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from '../lib/i18n';

/**
 * The date pickers' own texts (the calendar button's accessible name 'Choose date…', the view
 * switches, the field placeholders) in each language.
 */
const pickerTexts = {
  it: pickersItIT.components.MuiLocalizationProvider.defaultProps.localeText,
  en: pickersEnUS.components.MuiLocalizationProvider.defaultProps.localeText,
  pl: pickersPlPL.components.MuiLocalizationProvider.defaultProps.localeText,
} satisfies Record<Language, unknown>;

/** Date pickers follow the active language (MUI texts, dayjs month names). */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  // Subscribing re-renders on language change.
  useTranslation();
  const language = currentLanguage();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language}
      localeText={pickerTexts[language]}
    >
      {children}
    </LocalizationProvider>
  );
}
