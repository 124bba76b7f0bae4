import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies } from '../../db/schema/auth.ts';
import { planChangeRequests } from '../../db/schema/billing.ts';
import { PLANS } from '../../src/domain/account/plans.ts';
import { applyPlan } from '../../src/server/features/billing/service.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { companyWithMember } from '../helpers/team.ts';
import { createTestApp } from '../helpers/test-app.ts';

let clock = new Date('2026-07-01T10:00:00Z');
const t = await createTestApp({ now: () => clock });
const tick = () => {
  clock = new Date(clock.getTime() + 1000);
};

const operator = () => ({
  db: t.db,
  config: t.config,
  log: createLogger('silent'),
  requestId: 'operator-test',
  ip: null,
  now: () => clock,
});

describe('GET /api/billing', () => {
  test('shows the real plan with its spec §9 price and features, and every plan on offer', async () => {
    const admin = await t.signUpCompany();
    const response = await t.call('GET', '/api/billing', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      plan: 'growth',
      definition: {
        id: 'growth',
        name: 'Growth',
        priceUsdPerMonth: 149,
        mostPopular: true,
        features: ['Unlimited users', 'All connectors', 'Dynamic KPI dashboard', 'Audit log', 'API access'],
        maxUsers: null,
      },
      plans: expect.any(Array),
      requests: [],
      canManage: true,
      paymentProvider: null,
    });
    expect(
      response.json.plans.map((plan: { id: string; priceUsdPerMonth: number }) => [
        plan.id,
        plan.priceUsdPerMonth,
      ]),
    ).toEqual([
      ['starter', 49],
      ['growth', 149],
      ['enterprise', 299],
    ]);
    expect((await t.call('GET', '/api/billing')).status).toBe(401);
  });

  test('reads the plan from the company (Starter set directly)', async () => {
    const admin = await t.signUpCompany();
    await t.db.update(companies).set({ plan: 'starter' }).where(eq(companies.id, admin.user.companyId));
    const response = await t.call('GET', '/api/billing', { cookie: admin.cookie });
    expect(response.json.definition).toMatchObject({ name: 'Starter', priceUsdPerMonth: 49, maxUsers: 1 });
  });
});

describe('POST /api/billing/plan-change-requests', () => {
  test('records a request (no payment provider), audited, listed newest first; a newer one cancels the open one', async () => {
    const admin = await t.signUpCompany({ firstName: 'Ada', lastName: 'Lovelace' });
    const first = await t.call('POST', '/api/billing/plan-change-requests', {
      cookie: admin.cookie,
      body: { plan: 'enterprise' },
    });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({
      id: expect.any(String),
      fromPlan: 'growth',
      toPlan: 'enterprise',
      status: 'requested',
      requestedBy: 'Ada Lovelace',
      createdAt: clock.toISOString(),
    });
    tick();
    const second = await t.call('POST', '/api/billing/plan-change-requests', {
      cookie: admin.cookie,
      body: { plan: 'starter' },
    });
    expect(second.status).toBe(201);
    const billing = await t.call('GET', '/api/billing', { cookie: admin.cookie });
    expect(billing.json.plan).toBe('growth');
    expect(
      billing.json.requests.map((row: { toPlan: string; status: string }) => [row.toPlan, row.status]),
    ).toEqual([
      ['starter', 'requested'],
      ['enterprise', 'cancelled'],
    ]);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, admin.user.companyId));
    expect(actions.filter((row) => row.action === 'plan_change_requested')).toHaveLength(2);
  });

  test('validates the plan and refuses the plan already in force', async () => {
    const admin = await t.signUpCompany();
    for (const body of [{}, { plan: 'platinum' }]) {
      const response = await t.call('POST', '/api/billing/plan-change-requests', {
        cookie: admin.cookie,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.json.details.fieldErrors.plan).toBeDefined();
    }
    const same = await t.call('POST', '/api/billing/plan-change-requests', {
      cookie: admin.cookie,
      body: { plan: 'growth' },
    });
    expect(same.status).toBe(409);
    expect(same.json.message).toBe('The company is already on the Growth plan.');
    const rows = await t.db
      .select()
      .from(planChangeRequests)
      .where(eq(planChangeRequests.companyId, admin.user.companyId));
    expect(rows).toEqual([]);
  });

  test('members and viewers may read billing but get 403 on a change request', async () => {
    for (const role of ['member', 'viewer']) {
      const { member } = await companyWithMember(t, role);
      const read = await t.call('GET', '/api/billing', { cookie: member.cookie });
      expect(read.status).toBe(200);
      expect(read.json.canManage).toBe(false);
      const change = await t.call('POST', '/api/billing/plan-change-requests', {
        cookie: member.cookie,
        body: { plan: 'enterprise' },
      });
      expect(change.status).toBe(403);
    }
  });

  test("a company never sees another company's requests", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    await t.call('POST', '/api/billing/plan-change-requests', {
      cookie: a.cookie,
      body: { plan: 'enterprise' },
    });
    const response = await t.call('GET', '/api/billing', { cookie: b.cookie });
    expect(response.json.requests).toEqual([]);
  });
});

describe('applyPlan (scripts/apply-plan.ts)', () => {
  test('puts the plan in force, marks the latest matching request applied, and audits it', async () => {
    const admin = await t.signUpCompany();
    const requested = await t.call('POST', '/api/billing/plan-change-requests', {
      cookie: admin.cookie,
      body: { plan: 'enterprise' },
    });
    const applied = await applyPlan(operator(), admin.user.companyId, 'enterprise');
    expect(applied).toEqual({
      companyId: admin.user.companyId,
      fromPlan: 'growth',
      toPlan: 'enterprise',
      requestId: requested.json.id,
    });
    const billing = await t.call('GET', '/api/billing', { cookie: admin.cookie });
    expect(billing.json.plan).toBe('enterprise');
    expect(billing.json.definition.features).toEqual([...PLANS.enterprise.features]);
    expect(billing.json.requests[0]).toMatchObject({ id: requested.json.id, status: 'applied' });
    const audit = await t.db
      .select({ action: auditLogs.action, userId: auditLogs.userId })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, admin.user.companyId));
    expect(audit.at(-1)).toEqual({ action: 'plan_changed', userId: null });
  });

  test('an unknown company id is refused and nothing changes', async () => {
    await expect(applyPlan(operator(), crypto.randomUUID(), 'starter')).rejects.toThrow('Company not found');
  });

  test('the script itself applies a plan to the database it is pointed at', async () => {
    const admin = await t.signUpCompany();
    const url = t.config.DATABASE_URL as string;
    const run = Bun.spawnSync([process.execPath, 'scripts/apply-plan.ts', admin.user.companyId, 'starter'], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    });
    expect(run.exitCode).toBe(0);
    expect(run.stdout.toString()).toContain('growth → starter (no open request for this plan)');
    const row = await t.db
      .select({ plan: companies.plan })
      .from(companies)
      .where(eq(companies.id, admin.user.companyId))
      .get();
    expect(row!.plan).toBe('starter');
    const usage = Bun.spawnSync([process.execPath, 'scripts/apply-plan.ts', admin.user.companyId, 'gold']);
    expect(usage.exitCode).toBe(2);
  });
});
