/** Preservation documents (`/preservation-documents`, account spec 2.12): declared in `routes.ts`. */
export { PRESERVATION_TABLE_KEY } from './components/preserved-documents-page';
