import type { Db } from '../../db/client.ts';
import { memberships, sessions, users } from '../../db/schema/auth.ts';
import { newSessionValues } from '../../src/server/features/auth/session.ts';

/**
 * Adds a person to an existing company with a role and a signed-in session, straight in the
 * database (the team invitation flow belongs to another feature and is not what these tests are
 * about). Returns the cookie to call the API as them.
 */
export async function addMember(
  db: Db,
  companyId: string,
  role: 'admin' | 'member' | 'viewer',
  person: { firstName?: string; lastName?: string; email?: string } = {},
  now = new Date(),
) {
  const userId = crypto.randomUUID();
  const email = person.email ?? `member-${userId.slice(0, 8)}@example.com`;
  const session = await newSessionValues({
    userId,
    companyId,
    now,
    ip: '203.0.113.9',
    userAgent: 'test-agent',
  });
  await db.batch([
    db.insert(users).values({
      id: userId,
      email,
      firstName: person.firstName ?? 'Grace',
      lastName: person.lastName ?? 'Hopper',
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(memberships).values({ userId, companyId, role, createdAt: now }),
    db.insert(sessions).values(session.row),
  ]);
  return { userId, email, cookie: `esg_session=${session.token}` };
}

/**
 * Every (table, column) whose value contains `needle`, case-insensitively, across every table of
 * the database (sqlite_master walk). Blobs are compared as their bytes read as text.
 */
export async function rowsContaining(db: Db, needle: string): Promise<string[]> {
  const tables = await db.all<{ name: string }>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'",
  );
  const hits: string[] = [];
  for (const { name } of tables) {
    const columns = await db.all<{ name: string }>(`select name from pragma_table_info('${name}')`);
    for (const column of columns) {
      const [row] = await db.all<{ n: number }>(
        `select count(*) as n from "${name}" where instr(lower(cast("${column.name}" as text)), lower('${needle.replaceAll("'", "''")}')) > 0`,
      );
      if (row && row.n > 0) hits.push(`${name}.${column.name} (${row.n})`);
    }
  }
  return hits;
}
