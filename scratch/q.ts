import { getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { activityLines } from '../db/schema/emissions.ts';
const builder = drizzle(async () => ({ rows: [] }), async () => [], { casing: 'snake_case' });
const keys = Object.keys(getTableColumns(activityLines));
const q = builder.insert(activityLines).values(Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as never).toSQL();
console.log(q.sql.slice(0, 300), q.params.slice(0, 5));
