/** The public onboarding page (`/onboarding/:legalEntityUuid/:hash`): declared in `routes.ts`. */
export { default as OnboardingPage } from './components/onboarding-page';
