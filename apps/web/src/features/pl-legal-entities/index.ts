/** The Polish legal entities (`/gov-pl/legal-entities`): declared in `routes.ts`. */
export { default as LegalEntitiesPage } from './components/legal-entities-page';
export { legalEntitiesTableKey } from './model/legal-entity-list';
