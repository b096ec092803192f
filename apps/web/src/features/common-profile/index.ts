/** The profile screen (`/profile`); its route is declared in `routes.ts`. */
export { default as ProfilePage } from './components/profile-page';
