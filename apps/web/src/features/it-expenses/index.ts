/** Sistema TS health expenses (`/expenses`, account spec 2.9): declared in `routes.ts`. */
export { EXPENSES_TABLE_KEY } from './model/expense-filters';
