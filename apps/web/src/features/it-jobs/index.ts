/**
 * The jobs screen (`/jobs`, italian-invoicing spec 2, 3, 7): declared in `routes.ts`. The
 * business registry's 'view jobs' links here with `?fiscal_id=…`.
 */
export { default as JobsPage } from './components/jobs-page';
export { JOBS_TABLE_KEY } from './components/job-columns';
