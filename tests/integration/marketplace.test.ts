import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { offsetProjects } from '../../db/schema/marketplace.ts';
import { OffsetProjectSchema, OffsetPurchaseSchema } from '../../src/domain/contracts/marketplace.ts';
import { getOffsetSummary } from '../../src/server/features/marketplace/service.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { addLine, addSite, makeViewer } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addProject, projectOrders, projectStock, purchaseAuditRows } from './marketplace-fixtures.ts';

// "Now" is mid-June 2025: the current calendar year (and claim year) is 2025. Tests move the clock
// forward so purchase history has a clear newest-first order.
let clock = new Date('2025-06-15T10:00:00Z');
const t = await createTestApp({ now: () => clock });
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};

const buy = (cookie: string, body: unknown) =>
  t.call('POST', '/api/carbon-offsets/purchase', { cookie, body });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function certificate(cookie: string, id: string) {
  const response = await t.app.request(`http://localhost/api/carbon-offsets/purchases/${id}/certificate`, {
    headers: { Cookie: cookie },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('catalogue', () => {
  test('lists the bundled illustrative projects with every field of the contract', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('GET', '/api/carbon-offsets/projects', { cookie });
    expect(response.status).toBe(200);
    const bundled = response.json.filter((p: { id: string }) => p.id.startsWith('illustrative-'));
    expect(bundled).toHaveLength(10);
    for (const project of bundled) {
      expect(OffsetProjectSchema.strict().parse(project)).toEqual(project);
      expect(project.illustrative).toBe(true);
      expect(project.registryProjectId).toStartWith('ILLUSTRATIVE-');
      expect(project.name).toContain('Illustrative');
      expect(project.pricePerTon).toMatch(/^\d+\.\d{2}$/);
      expect(project.imageUrl).toBeNull();
    }
    const types = new Set(bundled.map((p: { projectType: string }) => p.projectType));
    expect([...types].sort()).toEqual([
      'blue_carbon',
      'direct_air_capture',
      'forestry',
      'methane_capture',
      'renewable_energy',
    ]);
    const registries = new Set(bundled.map((p: { registry: string }) => p.registry));
    expect(registries).toEqual(
      new Set(['Verra VCS', 'Gold Standard', 'Puro.earth', 'American Carbon Registry']),
    );
    const wind = bundled.find((p: { id: string }) => p.id === 'illustrative-gs-001');
    expect(wind).toMatchObject({
      pricePerTon: '6.20',
      availableCredits: 25000,
      climateEffect: 'avoidance',
      certificationUrl: 'https://www.goldstandard.org',
    });
  });

  test('stats count projects, credits, types and average the prices of projects with stock', async () => {
    const { cookie } = await t.signUpCompany();
    const projects = (await t.call('GET', '/api/carbon-offsets/projects', { cookie })).json as {
      projectType: string;
      availableCredits: number;
      pricePerTon: string;
    }[];
    const response = await t.call('GET', '/api/carbon-offsets/stats', { cookie });
    expect(response.status).toBe(200);
    const withStock = projects.filter((p) => p.availableCredits > 0);
    const cents = withStock.reduce((sum, p) => sum + Math.round(Number(p.pricePerTon) * 100), 0);
    const types: Record<string, number> = {};
    for (const p of projects) types[p.projectType] = (types[p.projectType] ?? 0) + 1;
    expect(response.json).toEqual({
      totalProjects: projects.length,
      totalCreditsAvailable: projects.reduce((sum, p) => sum + p.availableCredits, 0),
      averagePrice: Math.round(cents / withStock.length) / 100,
      projectTypes: types,
    });
  });

  test('answers 401 to a visitor', async () => {
    expect((await t.call('GET', '/api/carbon-offsets/projects')).status).toBe(401);
    expect((await t.call('GET', '/api/carbon-offsets/stats')).status).toBe(401);
  });
});

describe('POST /api/carbon-offsets/purchase', () => {
  test('records the order with its price, total, serial block, claim year and invoice reference', async () => {
    const owner = await t.signUpCompany({ companyName: 'Acme Bakery' });
    const project = await addProject(t, { availableCredits: 40, priceCents: 1850 });
    tick();
    const response = await buy(owner.cookie, {
      projectId: project.id,
      quantity: 5,
      metadata: { source: 'marketplace', timestamp: clock.toISOString() },
    });
    expect(response.status).toBe(201);
    const { transactionId, purchase, notice } = response.json;
    expect(typeof transactionId).toBe('string');
    expect(notice).toContain('No payment was taken');
    expect(OffsetPurchaseSchema.strict().parse(purchase)).toEqual(purchase);
    const prefix = `${project.registryProjectId}-2024`;
    expect(purchase).toMatchObject({
      transactionId,
      projectId: project.id,
      quantity: 5,
      pricePerTon: '18.50',
      total: '92.50',
      currency: 'USD',
      vintageYear: 2024,
      serialStart: `${prefix}-000001`,
      serialEnd: `${prefix}-000005`,
      claimYear: 2025,
      status: 'ordered',
      purchasedBy: 'Ada Lovelace',
      createdAt: clock.toISOString(),
      certificateUrl: `/api/carbon-offsets/purchases/${transactionId}/certificate`,
    });
    expect(purchase.invoiceReference).toMatch(/^INV-OFS-2025-[0-9A-F]{12}$/);
    expect(await projectStock(t, project.id)).toEqual({ availableCredits: 35, nextSerial: 6 });
    expect(await purchaseAuditRows(t, owner.user.companyId)).toBe(1);

    // The next order continues the block; a later price change never touches stored orders.
    tick();
    const second = await buy(owner.cookie, { projectId: project.id, quantity: 3 });
    expect(second.json.purchase.serialStart).toBe(`${prefix}-000006`);
    expect(second.json.purchase.serialEnd).toBe(`${prefix}-000008`);
    await t.db.update(offsetProjects).set({ priceCents: 999 }).where(eq(offsetProjects.id, project.id));
    const history = await t.call('GET', '/api/carbon-offsets/purchases', { cookie: owner.cookie });
    expect(history.status).toBe(200);
    expect(history.json.map((p: { transactionId: string }) => p.transactionId)).toEqual([
      second.json.transactionId,
      transactionId,
    ]);
    expect(history.json[1]).toEqual(purchase);
  });

  test('refuses an unknown project, a quantity above the stock and a sold-out project', async () => {
    const { cookie, user } = await t.signUpCompany();
    const unknown = await buy(cookie, { projectId: 'no-such-project', quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Project not found');

    const project = await addProject(t, { availableCredits: 7 });
    const tooMany = await buy(cookie, { projectId: project.id, quantity: 8 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe('Only 7 credits are available for this project');

    expect((await buy(cookie, { projectId: project.id, quantity: 7 })).status).toBe(201);
    const soldOut = await buy(cookie, { projectId: project.id, quantity: 1 });
    expect(soldOut.status).toBe(409);
    expect(soldOut.json.message).toBe('This project is sold out');

    expect(await projectStock(t, project.id)).toEqual({ availableCredits: 0, nextSerial: 8 });
    expect(await projectOrders(t, project.id)).toEqual({ orders: 1, credits: 7 });
    expect(await purchaseAuditRows(t, user.companyId)).toBe(1);
  });

  test.each([
    [{ projectId: 'x', quantity: 0 }, 'Quantity must be a whole number of at least 1'],
    [{ projectId: 'x', quantity: 1.5 }, 'Quantity must be a whole number of at least 1'],
    [{ projectId: 'x', quantity: 'abc' }, 'Quantity must be a whole number of at least 1'],
    [{ projectId: 'x', quantity: -3 }, 'Quantity must be a whole number of at least 1'],
    [{ quantity: 1 }, 'Choose a project'],
    [{ projectId: '', quantity: 1 }, 'Choose a project'],
  ])('answers 400 to %j', async (body, message) => {
    const { cookie } = await t.signUpCompany();
    const response = await buy(cookie, body);
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(message);
  });

  test('a viewer can read the marketplace but cannot purchase or sync', async () => {
    const owner = await t.signUpCompany();
    const viewer = await makeViewer(t, owner.user.companyId);
    const project = await addProject(t, { availableCredits: 10 });
    expect((await t.call('GET', '/api/carbon-offsets/projects', { cookie: viewer })).status).toBe(200);
    expect((await t.call('GET', '/api/carbon-offsets/calculate', { cookie: viewer })).status).toBe(200);
    expect((await t.call('GET', '/api/carbon-offsets/purchases', { cookie: viewer })).status).toBe(200);
    const purchase = await buy(viewer, { projectId: project.id, quantity: 1 });
    expect(purchase.status).toBe(403);
    // Roles come before validation: a bad body still answers 403.
    expect((await buy(viewer, { quantity: 'abc' })).status).toBe(403);
    expect((await t.call('POST', '/api/carbon-offsets/sync', { cookie: viewer })).status).toBe(403);
    expect(await projectStock(t, project.id)).toEqual({ availableCredits: 10, nextSerial: 1 });
  });
});

describe('tenant isolation', () => {
  test("company B cannot see company A's purchases or certificate", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const project = await addProject(t, { availableCredits: 10 });
    const { transactionId } = (await buy(a.cookie, { projectId: project.id, quantity: 2 })).json;

    expect((await t.call('GET', '/api/carbon-offsets/purchases', { cookie: b.cookie })).json).toEqual([]);
    const theirs = await t.call('GET', `/api/carbon-offsets/purchases/${transactionId}/certificate`, {
      cookie: b.cookie,
    });
    const missing = await t.call('GET', '/api/carbon-offsets/purchases/no-such-id/certificate', {
      cookie: b.cookie,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(missing.json);
    expect(theirs.json.message).toBe('Purchase not found');
    const calculation = await t.call('GET', '/api/carbon-offsets/calculate', { cookie: b.cookie });
    expect(calculation.json.offsetsPurchased).toBe(0);
    expect((await certificate(a.cookie, transactionId)).response.status).toBe(200);
  });
});

describe('GET /api/carbon-offsets/calculate', () => {
  test('takes gross emissions of the current year from the ledger and never subtracts offsets', async () => {
    const owner = await t.signUpCompany();
    const site = await addSite(t, owner.cookie, 'Depot');
    // 1,000 L diesel: scope 1 2,570.82 kg + scope 3 cat 3 well-to-tank 611.01 kg (DESNZ 2025)
    // = 3.18183 tCO2e. A line of 2024 is not this year's and must not count.
    await addLine(t, owner.cookie, {
      siteId: site,
      date: '2025-01-14',
      category: 'diesel',
      quantity: 1000,
      unit: 'litre',
    });
    await addLine(t, owner.cookie, {
      siteId: site,
      date: '2024-11-02',
      category: 'diesel',
      quantity: 5000,
      unit: 'litre',
    });

    const before = await t.call('GET', '/api/carbon-offsets/calculate', { cookie: owner.cookie });
    expect(before.status).toBe(200);
    // Cheapest project with stock: the illustrative wind farm at 6.20 (test projects cost 10.00).
    expect(before.json).toEqual({
      year: 2025,
      emissionsTotal: 3.18183,
      emissionsRecorded: true,
      offsetsNeeded: 4,
      offsetsPurchased: 0,
      neutralizationPercentage: 0,
      estimatedCostToNeutralize: 24.8,
    });

    const project = await addProject(t, { availableCredits: 10 });
    await buy(owner.cookie, { projectId: project.id, quantity: 2 });
    const after = await t.call('GET', '/api/carbon-offsets/calculate', { cookie: owner.cookie });
    expect(after.json).toEqual({
      year: 2025,
      emissionsTotal: 3.18183,
      emissionsRecorded: true,
      offsetsNeeded: 2,
      offsetsPurchased: 2,
      // 2 / 3.18183 × 100
      neutralizationPercentage: 62.86,
      estimatedCostToNeutralize: 12.4,
    });
    const metrics = await t.call('GET', '/api/metrics/summary?year=2025', { cookie: owner.cookie });
    expect(metrics.json.carbon.total.value).toBe(3.18183);
  });

  test('with no emissions nothing is needed and the percentage is 0', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('GET', '/api/carbon-offsets/calculate', { cookie });
    expect(response.json).toMatchObject({
      emissionsTotal: 0,
      offsetsNeeded: 0,
      offsetsPurchased: 0,
      neutralizationPercentage: 0,
      estimatedCostToNeutralize: 0,
    });
  });
});

describe('certificate', () => {
  test('is a PDF naming the order, the serial block and how credits are reported, the same every time', async () => {
    const owner = await t.signUpCompany({ companyName: 'Zoë Café Ltd' });
    const project = await addProject(t, { availableCredits: 20, priceCents: 2450 });
    const { transactionId, purchase } = (await buy(owner.cookie, { projectId: project.id, quantity: 4 }))
      .json;

    const first = await certificate(owner.cookie, transactionId);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('application/pdf');
    expect(first.response.headers.get('content-disposition')).toBe(
      `attachment; filename="offset-certificate-${transactionId}.pdf"`,
    );
    expect(new TextDecoder().decode(first.bytes.slice(0, 5))).toBe('%PDF-');
    const text = (await pdfText(first.bytes)).replace(/\s+/g, ' ');
    for (const expected of [
      transactionId,
      'Zoe Cafe Ltd',
      'Ada Lovelace',
      'Verra VCS',
      project.registryProjectId,
      `${purchase.serialStart} to ${purchase.serialEnd}`,
      'Claimed against 2025 emissions',
      'Vintage 2024',
      '4 tCO2e',
      '24.50 USD',
      '98.00 USD',
      purchase.invoiceReference,
      'reported separately from gross emissions',
      'ILLUSTRATIVE',
    ]) {
      expect(text).toContain(expected);
    }

    // Reproducible: later, after the project changed, the same bytes.
    tick();
    await t.db
      .update(offsetProjects)
      .set({ name: 'Renamed', priceCents: 99_999 })
      .where(eq(offsetProjects.id, project.id));
    const again = await certificate(owner.cookie, transactionId);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });
});

describe('getOffsetSummary', () => {
  test('sums the claim year of one company for the dashboard and reports', async () => {
    const owner = await t.signUpCompany();
    const project = await addProject(t, { availableCredits: 30, priceCents: 1234 });
    await buy(owner.cookie, { projectId: project.id, quantity: 3 });
    await buy(owner.cookie, { projectId: project.id, quantity: 2 });
    const ctx = {
      db: t.db,
      config: t.config,
      log: createLogger('silent'),
      requestId: 'test',
      ip: null,
      now: () => clock,
      userId: owner.user.id,
      companyId: owner.user.companyId,
      role: 'admin' as const,
      sessionId: 'test',
    };
    expect(await getOffsetSummary(ctx, 2025)).toEqual({
      year: 2025,
      purchasedTonnes: 5,
      retiredTonnes: 0,
      spendUsd: 61.7,
      cheapestPricePerTon: 6.2,
    });
    expect((await getOffsetSummary(ctx, 2024)).purchasedTonnes).toBe(0);
  });
});
