/** The Peppol legal entities (`/peppol/legal-entities`, `/peppol-be/legal-entities`): `routes.ts`. */
export { default as LegalEntitiesPage } from './components/legal-entities-page';
export { legalEntitiesTableKey } from './model/legal-entity-list';
