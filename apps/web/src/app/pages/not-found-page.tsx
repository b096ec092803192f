/**
 * Page of a path no screen claims (spec 2, error page): says so, counts down 5 seconds and goes
 * back, with 'Back to customer invoices' at once, like the download error page.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LeaveCountdown } from './leave-countdown';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        <Typography
          aria-hidden
          sx={{
            fontSize: 88,
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.light',
            opacity: 0.5,
          }}
        >
          404
        </Typography>
        <Typography variant="h5" component="h1">
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {t('notFound.description', { path: pathname })}
        </Typography>
        <LeaveCountdown />
        <Button component={RouterLink} to="/dashboard" variant="text">
          {t('actions.goToDashboard')}
        </Button>
      </Stack>
    </Box>
  );
}
