import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../lib/hydra';
import { LeaveCountdown } from './leave-countdown';

/** A 404 from the router or from the API shows "not found" instead of the generic error. */
function isNotFound(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return isApiError(error) && error.status === 404;
}

/** Error boundary of the routes: tells the user, counts down 5 seconds, then leaves. */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();

  useEffect(() => {
    // Logged for whoever looks at the console; the user only gets the friendly text.
    console.error(error);
  }, [error]);

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
        <LeaveCountdown />
      </Stack>
    </Box>
  );
}
