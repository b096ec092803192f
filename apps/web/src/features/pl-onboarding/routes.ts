/**
 * The public onboarding page (spec "Onboarding page"): `/onboarding/{legalEntityUuid}/{hash}`,
 * the onboarding link's target, without the console's shell or a session (mode 2 asks for one).
 */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/onboarding/:legalEntityUuid/:hash',
    public: true,
    page: () => import('./components/onboarding-page'),
    // The page speaks Polish whatever the console's language: its Polish texts follow its code
    // (`use-polish.ts`); the user's own language's file comes with the code.
    namespaces: ['plOnboarding'],
  },
];
