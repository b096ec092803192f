/**
 * The countdown of the error pages (spec 2, error page): shows the seconds left, leaves after
 * five, and offers the way back to the customer invoices at once. Shared by the route error
 * boundary and the not-found page so both behave alike.
 */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** Seconds before an error page leaves (spec: 5). */
export const errorRedirectSeconds = 5;

export const CUSTOMER_INVOICES = '/customer-invoice';

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

/** The live 'Leaving this page in n s' line and the 'Back to customer invoices' button. */
export function LeaveCountdown() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const leave = useLeave();
  const [secondsLeft, setSecondsLeft] = useState(errorRedirectSeconds);

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

  return (
    <>
      <Typography role="timer" aria-live="polite" color="text.secondary">
        {t('errorPage.redirecting', { count: secondsLeft })}
      </Typography>
      <Button
        variant="contained"
        onClick={() => void navigate(CUSTOMER_INVOICES, { replace: true })}
      >
        {t('errorPage.backToCustomerInvoices')}
      </Button>
    </>
  );
}
