/** The open-banking business registries (`/openbanking/business-registry`): see `routes.ts`. */
export { default as ObBusinessRegistryPage } from './components/registry-page';
export { registriesTableKey } from './model/registry-list';
