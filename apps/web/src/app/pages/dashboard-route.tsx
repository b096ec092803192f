import { DashboardPage } from '../../features/common-dashboard';
import { canSeeYearlyStatistics, YearlyStatistics } from '../../features/it-statistics';
import { useCan } from '../../lib/roles';

/**
 * `/dashboard` composes features: the Italian invoicing issue passes its yearly statistics panel
 * through `yearlyStatisticsSlot` here, so `common-dashboard` never imports another feature.
 */
export default function DashboardRoute() {
  const access = useCan();
  return (
    <DashboardPage
      yearlyStatisticsSlot={canSeeYearlyStatistics(access) ? <YearlyStatistics /> : undefined}
    />
  );
}
