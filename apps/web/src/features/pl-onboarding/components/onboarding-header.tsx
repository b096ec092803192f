/**
 * The top of the onboarding page (spec: "header with a countdown timer"): whom the taxpayer
 * authorises the provider for (name, NIP, address) and, while a flow runs, the time left.
 */
import type { PlOnboarding } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePolish } from './use-polish';

export function OnboardingHeader({
  onboarding,
  countdown,
}: {
  onboarding: PlOnboarding;
  countdown: ReactNode;
}) {
  const { t } = usePolish();
  const { customer } = onboarding;
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { sm: 'center' },
          gap: 2,
          p: 2,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Box component="section" aria-label={t('customer.label')} sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {customer.customerName}
          </Typography>
          <Typography variant="body2">{t('customer.nip', { nip: customer.nip })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[customer.addressLine, customer.city, customer.countryCode].filter(Boolean).join(', ')}
          </Typography>
        </Box>
        {countdown}
      </Box>
    </Box>
  );
}
