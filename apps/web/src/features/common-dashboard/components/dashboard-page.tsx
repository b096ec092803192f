import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { useCan } from '../../../lib/roles';
import { ConsumptionCard } from './consumption-card';
import { CreditCard } from './credit-card';

interface DashboardPageProps {
  /**
   * Slot for the yearly invoice statistics (spec 2.8), which the Italian invoicing feature
   * provides; `app/pages/dashboard-route.tsx` composes it in so features stay independent.
   */
  yearlyStatisticsSlot?: ReactNode;
}

/** `/dashboard`: credit and consumption (hidden by ROLE_NO_COSTS) and the yearly statistics. */
export function DashboardPage({ yearlyStatisticsSlot }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const access = useCan();
  const showCosts = !access.can('common', 'ROLE_NO_COSTS');
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">
          {t('welcome', { username: session?.username ?? '' })}
        </Typography>
      </div>
      {showCosts ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 4 }}>
            <CreditCard />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <ConsumptionCard />
          </Grid>
        </Grid>
      ) : null}
      {yearlyStatisticsSlot}
    </Stack>
  );
}
