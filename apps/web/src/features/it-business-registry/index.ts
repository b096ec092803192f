/**
 * The business registry screen (`/business-registry-configurations`, spec 2.6-2.8). Its route is
 * declared in `app/pages/composed-screens.ts`, because the page composes the statistics feature
 * (`app/pages/business-registry-route.tsx`).
 */
export { default as BusinessRegistryPage } from './components/business-registry-page';
export type { BusinessRegistryPageProps } from './components/business-registry-page';
export { BUSINESS_REGISTRY_TABLE_KEY } from './components/registry-list';
