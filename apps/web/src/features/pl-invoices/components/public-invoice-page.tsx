/**
 * `/gov-pl/public-invoices/{invoiceUuid}` (spec 2 "Invoice page", "Public invoice access"; no
 * login): the invoice's buyer asks for an access code by e-mail, types it, and then sees the
 * invoice with its downloads, every call carrying the activated code. The page speaks Polish
 * unless English is chosen with its switch (kept in the address as `lang=en`); the choice is the
 * page's own and leaves the console's language as it was. Kept small: no list kit, no form kit.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FiscusLogo } from '../../../components/fiscus-logo';
import { storeAccessCode, storedAccessCode } from '../model/access-code';
import { AccessCodeSteps } from './access-code-steps';
import { InvoiceView } from './invoice-view';

export type PublicLanguage = 'pl' | 'en';

const LANGUAGE_PARAM = 'lang';

/** Polish unless the address asks for English. */
export function publicLanguageOf(params: URLSearchParams): PublicLanguage {
  return params.get(LANGUAGE_PARAM) === 'en' ? 'en' : 'pl';
}

export default function PublicInvoicePage() {
  const { invoiceUuid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const language = publicLanguageOf(params);
  const options = useMemo(() => ({ lng: language }), [language]);
  const { t } = useTranslation('plPublicInvoice', options);
  const [code, setCode] = useState<string | null>(() => storedAccessCode(invoiceUuid));

  const chooseLanguage = (next: PublicLanguage) => {
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'en') changed.set(LANGUAGE_PARAM, 'en');
        else changed.delete(LANGUAGE_PARAM);
        return changed;
      },
      { replace: true },
    );
  };

  const open = (next: string | null) => {
    storeAccessCode(invoiceUuid, next);
    setCode(next);
  };

  return (
    <Box lang={language} sx={{ minHeight: '100vh', bgcolor: '#f5f7fb' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          px: 3,
          py: 2,
        }}
      >
        <FiscusLogo size={32} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={language}
          aria-label={t('language')}
          onChange={(_event, next: PublicLanguage | null) => {
            if (next) chooseLanguage(next);
          }}
        >
          <ToggleButton value="pl" lang="pl">
            Polski
          </ToggleButton>
          <ToggleButton value="en" lang="en">
            English
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Container component="main" maxWidth={code ? 'lg' : 'sm'} sx={{ pb: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, mt: { xs: 1, sm: 4 } }}>
          {code ? (
            <InvoiceView
              key={code}
              uuid={invoiceUuid}
              access={{ kind: 'code', code }}
              language={language}
              errorAction={
                <Button variant="outlined" onClick={() => open(null)}>
                  {t('actions.newCode')}
                </Button>
              }
            />
          ) : (
            <AccessCodeSteps uuid={invoiceUuid} t={t} onOpened={open} />
          )}
        </Paper>
      </Container>
    </Box>
  );
}
