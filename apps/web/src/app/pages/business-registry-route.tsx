import { BusinessRegistryPage } from '../../features/it-business-registry';
import { YearlyStatistics } from '../../features/it-statistics';

/**
 * `/business-registry-configurations` composes features: the registry page's statistics dialog
 * shows the statistics feature's yearly panel for one fiscal id (spec 2.8), so
 * `it-business-registry` never imports another feature.
 */
export default function BusinessRegistryRoute() {
  return (
    <BusinessRegistryPage statistics={(fiscalId) => <YearlyStatistics fiscalId={fiscalId} />} />
  );
}
