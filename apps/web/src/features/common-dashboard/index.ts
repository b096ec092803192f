/** The dashboard (spec 2.8), composed by `app/pages/dashboard-route.tsx` with the statistics slot. */
export { DashboardPage } from './components/dashboard-page';
