import { BusinessRegistryPage } from '../../features/it-business-registry';
import { lazyPart } from '../../lib/lazy-part';

/** The statistics panel (its charts) loads with the statistics dialog, not with the list. */
const YearlyStatistics = lazyPart(
  () => import('../../features/it-statistics').then((statistics) => statistics.YearlyStatistics),
  ['statistics'],
);

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
