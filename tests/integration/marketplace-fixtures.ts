// Shared steps of the carbon-offset integration tests: a project of the test's own, straight into
// the global catalogue, and the counts a purchase writes (or must leave untouched).
import { count, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { offsetOrders, offsetProjects } from '../../db/schema/marketplace.ts';
import type { createTestApp } from '../helpers/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;

/** Adds a project with the given stock and price (cents) and returns its id. */
export async function addProject(
  t: TestApp,
  fields: { availableCredits: number; priceCents?: number; vintageYear?: number } = { availableCredits: 100 },
): Promise<{ id: string; registryProjectId: string; vintageYear: number }> {
  counter += 1;
  const id = `test-project-${counter}-${crypto.randomUUID().slice(0, 8)}`;
  const registryProjectId = `TEST-PRJ-${counter}-${crypto.randomUUID().slice(0, 4).toUpperCase()}`;
  const vintageYear = fields.vintageYear ?? 2024;
  await t.db.insert(offsetProjects).values({
    id,
    name: `Test project ${counter}`,
    description: 'A project made by the test',
    location: 'Testland',
    projectType: 'forestry',
    vintageYear,
    verificationStandard: 'Test Standard',
    registry: 'Verra VCS',
    registryProjectId,
    methodology: 'VM0047',
    climateEffect: 'removal',
    permanenceNotes: 'Test notes',
    cobenefits: ['Biodiversity'],
    imageUrl: null,
    certificationUrl: 'https://verra.org',
    illustrative: true,
    availableCredits: fields.availableCredits,
    priceCents: fields.priceCents ?? 1000,
  });
  return { id, registryProjectId, vintageYear };
}

export async function projectStock(t: TestApp, id: string) {
  return (await t.db
    .select({ availableCredits: offsetProjects.availableCredits, nextSerial: offsetProjects.nextSerial })
    .from(offsetProjects)
    .where(eq(offsetProjects.id, id))
    .get())!;
}

/** Orders of a project: how many and the credits they sum to. */
export async function projectOrders(t: TestApp, id: string) {
  const row = await t.db
    .select({ n: count(), credits: sql<number>`coalesce(sum(${offsetOrders.quantity}), 0)` })
    .from(offsetOrders)
    .where(eq(offsetOrders.projectId, id))
    .get();
  return { orders: row!.n, credits: Number(row!.credits) };
}

export async function purchaseAuditRows(t: TestApp, companyId: string) {
  const row = await t.db
    .select({ n: count() })
    .from(auditLogs)
    .where(sql`${auditLogs.companyId} = ${companyId} AND ${auditLogs.action} = 'offsets_purchased'`)
    .get();
  return row!.n;
}
