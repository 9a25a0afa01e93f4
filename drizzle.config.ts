import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations from the schema (`npm run db:generate`); the app applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/catalog-api/db/schema.ts',
  out: './lib/catalog-api/db/migrations',
});
