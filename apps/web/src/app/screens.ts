/**
 * Every screen of the console: what each feature declares in `features/<f>/routes.ts` (its
 * `screens` export, collected here without a hand-written line per feature), the pages `app/`
 * composes from several features, and the menu entries of later issues. The router and the
 * sidebar read this list only, so a new screen is declared once, in its feature.
 */
import type { Screen } from '../lib/screens';
import { composedScreens } from './pages/composed-screens';
import { plannedScreens } from './shell/planned-screens';

const featureRoutes = import.meta.glob<readonly Screen[]>('../features/*/routes.ts', {
  eager: true,
  import: 'screens',
});

export const screens: readonly Screen[] = [
  ...Object.values(featureRoutes).flat(),
  ...composedScreens,
  ...plannedScreens,
];
