/** The webhook configurations screen (`/api-configurations`); its route is declared in `routes.ts`. */
export {
  default as ApiConfigurationsPage,
  API_CONFIGURATIONS_TABLE_KEY,
} from './components/api-configurations-page';
