import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { sessions } from '../../db/schema/auth.ts';
import { seedDemoChecklist } from '../../db/seed/demo-esg.ts';
import { seedDemoLedger } from '../../db/seed/demo-ledger.ts';
import type { EsgProgressResponse } from '../../src/domain/contracts/esg-wizard.ts';
import { getMetrics } from '../../src/server/features/kpi/service.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { makeViewer } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

describe('targets, financials and workforce', () => {
  test('one active target: saving again replaces it, each save audited', async () => {
    const { cookie, user } = await t.signUpCompany();
    expect((await t.call('GET', '/api/targets', { cookie })).json).toBeNull();
    await t.call('PUT', '/api/targets', {
      cookie,
      body: { baseYear: 2024, targetYear: 2030, reductionPercent: 42 },
    });
    const second = await t.call('PUT', '/api/targets', {
      cookie,
      body: { baseYear: 2025, targetYear: 2035, reductionPercent: 60, coverage: 'scope_1_2_3' },
    });
    expect(second.json).toEqual({
      baseYear: 2025,
      targetYear: 2035,
      reductionPercent: 60,
      coverage: 'scope_1_2_3',
    });
    expect((await t.call('GET', '/api/targets', { cookie })).json).toEqual(second.json);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, user.companyId))
      .all();
    expect(actions.filter((a) => a.action === 'target_saved')).toHaveLength(2);
  });

  test('refuses a target year before the base year and a bad reduction', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('PUT', '/api/targets', {
      cookie,
      body: { baseYear: 2030, targetYear: 2025, reductionPercent: 0 },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.details.fieldErrors).sort()).toEqual(['reductionPercent', 'targetYear']);
    expect((await t.call('GET', '/api/targets', { cookie })).json).toBeNull();
  });

  test('financials and workforce are kept per year and read back by year', async () => {
    const { cookie } = await t.signUpCompany();
    await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2024, revenue: 1_500_000, currency: 'EUR', employees: 15 },
    });
    await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, revenue: 1_800_000, currency: 'EUR', employees: 17 },
    });
    await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, revenue: 1_900_000, currency: 'EUR', employees: 18, employeesBasis: 'fte' },
    });
    expect((await t.call('GET', '/api/financials?year=2025', { cookie })).json).toEqual({
      year: 2025,
      revenue: 1_900_000,
      currency: 'EUR',
      employees: 18,
      employeesBasis: 'fte',
    });
    // Saved without saying how they were counted (an API client of before decision 057): not guessed.
    expect((await t.call('GET', '/api/financials?year=2024', { cookie })).json.employeesBasis).toBeNull();
    const badBasis = await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, employees: 18, employeesBasis: 'people' },
    });
    expect(badBasis.status).toBe(400);
    expect(badBasis.json.message).toBe('Choose headcount or full-time equivalents');
    expect(
      (await t.call('GET', '/api/financials', { cookie })).json.map((f: { year: number }) => f.year),
    ).toEqual([2024, 2025]);
    expect((await t.call('GET', '/api/financials?year=2023', { cookie })).json).toBeNull();
    const missingCurrency = await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2023, revenue: 5 },
    });
    expect(missingCurrency.status).toBe(400);
    await t.call('PUT', '/api/workforce', { cookie, body: { year: 2025, headcountFemale: 3 } });
    expect((await t.call('GET', '/api/workforce?year=2025', { cookie })).json).toMatchObject({
      year: 2025,
      headcountFemale: 3,
      headcountMale: null,
    });
    const tooMany = await t.call('PUT', '/api/workforce', {
      cookie,
      body: { year: 2025, leadershipFemale: 4, leadershipTotal: 3 },
    });
    expect(tooMany.status).toBe(400);
    expect((await t.call('GET', '/api/workforce?year=2025', { cookie })).json.leadershipTotal).toBeNull();
  });

  test("company B never sees A's records", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    await t.call('PUT', '/api/financials', {
      cookie: a.cookie,
      body: { year: 2025, revenue: 1, currency: 'GBP' },
    });
    await t.call('PUT', '/api/targets', {
      cookie: a.cookie,
      body: { baseYear: 2024, targetYear: 2030, reductionPercent: 42 },
    });
    await t.call('PUT', '/api/workforce', { cookie: a.cookie, body: { year: 2025, headcountMale: 1 } });
    expect((await t.call('GET', '/api/financials', { cookie: b.cookie })).json).toEqual([]);
    expect((await t.call('GET', '/api/targets', { cookie: b.cookie })).json).toBeNull();
    expect((await t.call('GET', '/api/workforce', { cookie: b.cookie })).json).toEqual([]);
  });

  test('a viewer reads every figure but cannot save any', async () => {
    const admin = await t.signUpCompany();
    const viewer = await makeViewer(t, admin.user.companyId);
    for (const path of [
      '/api/metrics',
      '/api/metrics/summary',
      '/api/targets',
      '/api/financials',
      '/api/workforce',
    ]) {
      expect((await t.call('GET', path, { cookie: viewer })).status).toBe(200);
    }
    expect(
      (
        await t.call('PUT', '/api/targets', {
          cookie: viewer,
          body: { baseYear: 2024, targetYear: 2030, reductionPercent: 42 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', '/api/financials', { cookie: viewer, body: { year: 2025, employees: 3 } })).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', '/api/workforce', { cookie: viewer, body: { year: 2025, headcountMale: 3 } }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', '/api/financials', { cookie: admin.cookie })).json).toEqual([]);
  });

  test('requires a session', async () => {
    for (const path of [
      '/api/metrics',
      '/api/metrics/summary',
      '/api/targets',
      '/api/financials',
      '/api/workforce',
    ]) {
      expect((await t.call('GET', path)).status).toBe(401);
    }
  });
});

describe('demo ledger', () => {
  test('gives the demo company a year of figures: both sites, a renewable tariff, a target', async () => {
    const { user, cookie } = await t.signUpCompany({ jurisdiction: 'SECR' });
    const session = await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).get();
    const ctx = {
      db: t.db,
      config: t.config,
      log: createLogger('silent'),
      requestId: 'demo-test',
      ip: null,
      now: () => new Date('2025-03-15T10:00:00Z'),
      userId: user.id,
      companyId: user.companyId,
      role: 'admin' as const,
      sessionId: session!.id,
    };
    const seeded = await seedDemoLedger(ctx);
    expect(seeded.lines).toBe(12 * 8 + 7);
    expect((await seedDemoLedger(ctx)).lines).toBe(0);
    const metrics = await getMetrics(ctx, { grain: 'monthly' });
    expect(metrics.year).toBe(2025);
    expect(metrics.carbon.trend.every((period) => (period.tCO2e ?? 0) > 0)).toBe(true);
    expect(metrics.carbon.scope2Market.value).toBeLessThan(metrics.carbon.scope2Location.value);
    // The tariff covers part of the electricity; fuels (gas, diesel) now count in total energy too.
    expect(metrics.energy.renewableShareOfElectricity).toBeGreaterThan(0.1);
    expect(metrics.energy.renewableShareOfElectricity).toBeLessThan(0.3);
    expect(metrics.energy.renewableShare).toBeGreaterThan(0);
    expect(metrics.energy.renewableShare).toBeLessThan(metrics.energy.renewableShareOfElectricity!);
    expect(metrics.carbon.intensityPerRevenue?.unit).toBe('tCO2e per million GBP');
    expect(metrics.carbon.target?.coverage).toBe('scope_1_2');
    expect(metrics.workforce?.headcount).toBe(28);
    expect(metrics.carbon.total.value).toBeGreaterThan(50);
    expect(metrics.carbon.total.value).toBeLessThan(200);

    // The SECR checklist: written answers by hand, figures from the ledger of the last full year.
    await seedDemoChecklist({ ...ctx, now: () => new Date('2026-03-15T10:00:00Z') });
    const progress = await t.call('GET', '/api/esg/progress?jurisdiction=SECR&year=2025', { cookie });
    expect(progress.status).toBe(200);
    const body = progress.json as EsgProgressResponse;
    const item = (key: string) => body.progress.find((entry) => entry.indicator === key);
    expect(item('reporting_methodology')?.origin).toBe('manual');
    expect(item('energy_use_electricity')?.autoFilled).toBe(true);
    expect(body.complianceStatus?.overallProgress).toBeGreaterThan(20);
  });
});
