/** Yearly invoice statistics (spec 2.8), composed into the dashboard by `app/pages/dashboard-route.tsx`. */
export { YearlyStatistics } from './components/yearly-statistics';
export { canSeeYearlyStatistics } from './model/statistics-access';
