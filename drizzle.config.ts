import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads every feature's tables and writes SQL migrations into db/migrations/.
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/*.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
