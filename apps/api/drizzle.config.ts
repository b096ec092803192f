import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations from the schema (`npm run db:generate -w apps/api`);
// the server applies the committed SQL itself on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
