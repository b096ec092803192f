import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { useCan } from '../../../lib/roles';
import { meQueries } from '../api/dashboard-queries';
import { ConsumptionCard } from './consumption-card';
import { CreditCard } from './credit-card';

interface DashboardPageProps {
  /**
   * Slot for the yearly invoice statistics (spec 2.8), which the Italian invoicing feature
   * provides; `app/pages/dashboard-route.tsx` composes it in so features stay independent.
   */
  yearlyStatisticsSlot?: ReactNode;
}

/**
 * `/dashboard`: credit and consumption (hidden by ROLE_NO_COSTS) and the yearly statistics. A
 * sub-account linked to no business registry acts for nothing: instead of empty cards, a notice
 * says so and whom to ask (its business owner links registries to it).
 */
export function DashboardPage({ yearlyStatisticsSlot }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const access = useCan();
  const showCosts = !access.can('common', 'ROLE_NO_COSTS');
  const me = useQuery({ ...meQueries.detail(), enabled: access.isSubAccount });
  // A sub-account's cards wait for its links: no empty cards flash before the notice.
  const linksKnown = !access.isSubAccount || me.data !== undefined || me.isError;
  const unlinked = access.isSubAccount && me.data?.linked_registries === 0;
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
      {unlinked ? (
        <Alert severity="info" data-testid="dashboard-unlinked">
          <AlertTitle>{t('unlinked.title')}</AlertTitle>
          {me.data?.parent_email
            ? t('unlinked.askOwner', { owner: me.data.parent_email })
            : t('unlinked.ask')}
        </Alert>
      ) : null}
      {showCosts && linksKnown && !unlinked ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 4 }}>
            <CreditCard />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <ConsumptionCard />
          </Grid>
        </Grid>
      ) : null}
      {linksKnown && !unlinked ? yearlyStatisticsSlot : null}
    </Stack>
  );
}
