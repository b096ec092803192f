import { DashboardPage } from '../../features/common-dashboard';
import { lazyPart } from '../../lib/lazy-part';
import { useCan } from '../../lib/roles';
import { useActiveContext } from '../shell/active-context';

/**
 * The yearly statistics (their charts, some 80 KB) load after the dashboard's cards have painted,
 * for the users allowed to see them (the rule is the statistics feature's own).
 */
const YearlyStatisticsIfAllowed = lazyPart(
  () =>
    import('../../features/it-statistics').then(
      ({ canSeeYearlyStatistics, YearlyStatistics }) =>
        function StatisticsIfAllowed() {
          const access = useCan();
          return canSeeYearlyStatistics(access) ? <YearlyStatistics /> : null;
        },
    ),
  ['statistics'],
  'inline',
);

/** The Peppol menus' panel (its chart loads after the cards, as the Italian statistics do). */
const PeppolStatistics = lazyPart(
  () =>
    import('../../features/peppol-documents').then(
      ({ PeppolStatisticsPanel }) => PeppolStatisticsPanel,
    ),
  ['peppolDocuments'],
  'inline',
);

/**
 * `/dashboard` composes features: the Italian invoicing issue passes its yearly statistics panel
 * through `yearlyStatisticsSlot` here, so `common-dashboard` never imports another feature.
 */
export default function DashboardRoute() {
  const access = useCan();
  const [context] = useActiveContext(access.availableContexts);
  // In a Peppol menu, that domain's documents of the year.
  if (context === 'peppol' || context === 'peppol_be') {
    return (
      <DashboardPage
        yearlyStatisticsSlot={<PeppolStatistics domain={context === 'peppol_be' ? 'be' : 'it'} />}
      />
    );
  }
  // Only an Italian invoicing account may have the statistics: nothing is fetched for others.
  const maySeeStatistics = access.availableContexts.includes('it');
  return (
    <DashboardPage
      yearlyStatisticsSlot={maySeeStatistics ? <YearlyStatisticsIfAllowed /> : undefined}
    />
  );
}
