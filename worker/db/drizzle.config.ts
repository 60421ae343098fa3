// drizzle-kit only generates SQL here; wrangler applies it (`npm run db:migrate`), so D1's own
// migration tracking stays the one record of what ran.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
})
