import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';

/** Seconds before the error page leaves for the dashboard (spec 2.1). */
export const errorRedirectSeconds = 5;

/** Error boundary of the routes: tells the user, counts down, then goes back to the dashboard. */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(errorRedirectSeconds);

  useEffect(() => {
    // Logged for whoever looks at the console; the user only gets the friendly text.
    console.error(error);
  }, [error]);

  useEffect(() => {
    if (secondsLeft <= 0) {
      void navigate('/dashboard', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, navigate]);

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {t('errorPage.title')}
        </Typography>
        <Typography color="text.secondary">{t('errors.generic')}</Typography>
        <Typography role="timer" aria-live="polite" color="text.secondary">
          {t('errorPage.redirecting', { count: secondsLeft })}
        </Typography>
        <Button variant="contained" onClick={() => void navigate('/dashboard', { replace: true })}>
          {t('actions.goToDashboard')}
        </Button>
      </Stack>
    </Box>
  );
}
