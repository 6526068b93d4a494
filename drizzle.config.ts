import { defineConfig } from 'drizzle-kit'

// Migrations are generated from the schema (`npm run db:generate -- --name <what>`) and committed;
// the server applies them at start on PGlite and PostgreSQL alike.
export default defineConfig({
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  dialect: 'postgresql',
})
