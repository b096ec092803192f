import { DashboardPage } from '../../features/common-dashboard/components/dashboard-page';

/**
 * `/dashboard` composes features: the Italian invoicing issue passes its yearly statistics panel
 * through `yearlyStatisticsSlot` here, so `common-dashboard` never imports another feature.
 */
export default function DashboardRoute() {
  return <DashboardPage />;
}
