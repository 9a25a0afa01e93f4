import { defineConfig } from 'drizzle-kit';

// The site's tables (leads, sync state): `npx drizzle-kit generate --config drizzle.site.config.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/site/db/schema.ts',
  out: './lib/site/db/migrations',
});
