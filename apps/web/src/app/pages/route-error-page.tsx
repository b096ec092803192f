import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { isApiError } from '../../lib/hydra';

/** Seconds before the error page leaves (spec: 5). */
export const errorRedirectSeconds = 5;

const CUSTOMER_INVOICES = '/customer-invoice';

/** A 404 from the router or from the API shows "not found" instead of the generic error. */
function isNotFound(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return isApiError(error) && error.status === 404;
}

/**
 * Where the countdown leads: an invoice file that could not be downloaded goes back to the
 * customer invoices (spec: error catalogue); anything else to the previous page, or to / when the
 * error page is the first page of the tab.
 */
function useLeave(): () => void {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  return () => {
    if (pathname.startsWith(`${CUSTOMER_INVOICES}/`)) {
      void navigate(CUSTOMER_INVOICES, { replace: true });
      return;
    }
    // The router keys the entry a tab opened on 'default': there is no page before it.
    if (key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };
}

/** Error boundary of the routes: tells the user, counts down 5 seconds, then leaves. */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const navigate = useNavigate();
  const leave = useLeave();
  const [secondsLeft, setSecondsLeft] = useState(errorRedirectSeconds);

  useEffect(() => {
    // Logged for whoever looks at the console; the user only gets the friendly text.
    console.error(error);
  }, [error]);

  useEffect(() => {
    if (secondsLeft <= 0) {
      leave();
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
    // `leave` is rebuilt on every render; the countdown only follows the seconds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [secondsLeft]);

  const notFound = isNotFound(error);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {notFound ? t('notFound.title') : t('errorPage.title')}
        </Typography>
        <Typography color="text.secondary">
          {notFound ? t('errorPage.notFound') : t('errors.generic')}
        </Typography>
        <Typography role="timer" aria-live="polite" color="text.secondary">
          {t('errorPage.redirecting', { count: secondsLeft })}
        </Typography>
        <Button
          variant="contained"
          onClick={() => void navigate(CUSTOMER_INVOICES, { replace: true })}
        >
          {t('errorPage.backToCustomerInvoices')}
        </Button>
      </Stack>
    </Box>
  );
}
