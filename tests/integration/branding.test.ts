import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies } from '../../db/schema/auth.ts';
import { companyBranding } from '../../db/schema/branding.ts';
import { reports } from '../../db/schema/export-reports.ts';
import type { Plan } from '../../src/domain/account/plans.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { jpegHeader, pngBomb, pngImage, webpHeader } from '../fixtures/images/encode.ts';
import { joinCompany } from '../helpers/api-keys.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { inspectPdf } from '../helpers/pdf-inspect.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const NOW = new Date('2026-03-15T10:00:00Z');
const t = await createTestApp({ now: () => NOW });

const BRAND = { brandName: 'Northwind Bread', accentColour: '#1d4ed8' };

async function companyOn(plan: Plan, companyName?: string) {
  const owner = await t.signUpCompany(companyName ? { companyName } : {});
  await t.db.update(companies).set({ plan }).where(eq(companies.id, owner.user.companyId));
  return owner;
}

const putBranding = (cookie: string, body: unknown) =>
  t.call('PUT', '/api/company/branding', { cookie, body });

/** POST /api/company/branding/logo as the browser sends it: multipart, field `logo`. */
async function uploadLogo(cookie: string, bytes: Uint8Array, field = 'logo') {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], 'logo.bin', { type: 'image/png' }));
  const response = await t.app.request(`${ORIGIN}/api/company/branding/logo`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

const fetchLogo = (cookie?: string) =>
  t.app.request(`${ORIGIN}/api/company/branding/logo`, { headers: cookie ? { Cookie: cookie } : {} });

describe('plans and roles', () => {
  test('Starter and Growth admins are refused with the plan wording; reading stays open', async () => {
    for (const [plan, name] of [
      ['starter', 'Starter'],
      ['growth', 'Growth'],
    ] as const) {
      const owner = await companyOn(plan);
      const refused = await putBranding(owner.cookie, BRAND);
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({
        code: 'plan_required',
        message: `The ${name} plan does not include custom branding: an admin can request the Enterprise plan in Settings → Billing.`,
      });
      expect((await uploadLogo(owner.cookie, pngImage(64, 64))).status).toBe(403);
      expect((await t.call('DELETE', '/api/company/branding/logo', { cookie: owner.cookie })).status).toBe(
        403,
      );
      // The plan is checked before the body: an invalid colour still learns about the plan.
      expect((await putBranding(owner.cookie, { accentColour: 'nope' })).status).toBe(403);
      const read = await t.call('GET', '/api/company/branding', { cookie: owner.cookie });
      expect(read.status).toBe(200);
      expect(read.json).toMatchObject({ plan, entitled: false, customised: false, logo: null });
      const stored = await t.db
        .select()
        .from(companyBranding)
        .where(eq(companyBranding.companyId, owner.user.companyId));
      expect(stored).toEqual([]);
    }
  });

  test('on Enterprise only admins change it; members and viewers read it', async () => {
    const owner = await companyOn('enterprise');
    for (const role of ['member', 'viewer'] as const) {
      const colleague = await joinCompany(t, owner.user.companyId, role);
      expect((await putBranding(colleague.cookie, BRAND)).status).toBe(403);
      expect((await uploadLogo(colleague.cookie, pngImage(64, 64))).status).toBe(403);
      const read = await t.call('GET', '/api/company/branding', { cookie: colleague.cookie });
      expect(read.status).toBe(200);
      expect(read.json.entitled).toBe(true);
    }
    expect((await t.call('GET', '/api/company/branding')).status).toBe(401);
  });
});

describe('validation', () => {
  test('saves a brand name and colour (upper case), audited; an empty name means the company name', async () => {
    const owner = await companyOn('enterprise', 'Northwind Bakery Ltd');
    const saved = await putBranding(owner.cookie, BRAND);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      entitled: true,
      customised: true,
      companyName: 'Northwind Bakery Ltd',
      brandName: 'Northwind Bread',
      accentColour: '#1D4ED8',
    });
    const cleared = await putBranding(owner.cookie, { brandName: '  ', accentColour: '#0D6B54' });
    expect(cleared.json.brandName).toBeNull();
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, owner.user.companyId));
    expect(actions.filter((row) => row.action === 'branding_updated')).toHaveLength(2);
  });

  test('refuses a colour that fails 4.5:1 against white, or is not #RRGGBB, and saves nothing', async () => {
    const owner = await companyOn('enterprise');
    const light = await putBranding(owner.cookie, { accentColour: '#FFD700' });
    expect(light.status).toBe(400);
    expect(light.json.code).toBe('validation_failed');
    expect(light.json.message).toContain('White text on #FFD700 has a contrast of 1.');
    expect(light.json.details.fieldErrors.accentColour[0]).toContain('at least 4.5:1');
    for (const accentColour of ['blue', '#12345', undefined]) {
      const response = await putBranding(owner.cookie, { accentColour });
      expect(response.status).toBe(400);
    }
    const long = await putBranding(owner.cookie, { brandName: 'x'.repeat(81), accentColour: '#000000' });
    expect(long.status).toBe(400);
    expect((await t.call('GET', '/api/company/branding', { cookie: owner.cookie })).json.customised).toBe(
      false,
    );
  });

  test('takes a PNG or JPEG by its bytes, refuses other types, sizes and dimensions', async () => {
    const owner = await companyOn('enterprise');
    const png = pngImage(200, 80);
    const uploaded = await uploadLogo(owner.cookie, png);
    expect(uploaded.status).toBe(200);
    expect(uploaded.json.logo).toEqual({
      url: `/api/company/branding/logo?v=${NOW.getTime()}`,
      contentType: 'image/png',
      width: 200,
      height: 80,
      size: png.length,
    });
    // A logo alone starts the branding with the default colour.
    expect(uploaded.json.accentColour).toBe('#0D6B54');
    expect((await uploadLogo(owner.cookie, jpegHeader(300, 100))).json.logo.contentType).toBe('image/jpeg');

    const webp = await uploadLogo(owner.cookie, webpHeader(100, 100));
    expect(webp).toEqual({
      status: 415,
      json: { message: 'The logo must be a PNG or JPEG image', code: 'unsupported_media_type' },
    });
    const text = await uploadLogo(
      owner.cookie,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(text.status).toBe(415);
    const wide = await uploadLogo(owner.cookie, pngImage(1025, 30));
    expect(wide.status).toBe(422);
    expect(wide.json.details.fieldErrors.logo[0]).toContain('1025×30');
    const tooBig = new Uint8Array(256 * 1024 + 1);
    tooBig.set(pngImage(64, 64));
    const large = await uploadLogo(owner.cookie, tooBig);
    expect(large.status).toBe(413);
    expect(large.json.message).toBe('The logo must be 256 KB or smaller');
    // A PNG signature and header over broken image data: pdf-lib could not embed it.
    const broken = pngImage(64, 64).slice(0, 40);
    expect((await uploadLogo(owner.cookie, broken)).status).toBe(422);
    expect((await uploadLogo(owner.cookie, png, 'photo')).status).toBe(400);
    // The JPEG is still the logo: no refusal changed it.
    const current = await t.call('GET', '/api/company/branding', { cookie: owner.cookie });
    expect(current.json.logo.contentType).toBe('image/jpeg');
  });
});

describe('the logo', () => {
  test('a 100 × 100 PNG whose data inflates to 250 MB is refused with 422 in words, and nothing is stored', async () => {
    const owner = await companyOn('enterprise');
    const bomb = pngBomb(100, 100, 250 * 1024 * 1024);
    expect(bomb.length).toBeLessThanOrEqual(256 * 1024);
    const refused = await uploadLogo(owner.cookie, bomb);
    expect(refused.status).toBe(422);
    expect(refused.json.details.fieldErrors.logo).toEqual([
      "The logo's image data is larger than a 100×100 picture can hold. Save it again from an image editor and upload that file",
    ]);
    const [row] = await t.db
      .select({ logo: companyBranding.logoBytes })
      .from(companyBranding)
      .where(eq(companyBranding.companyId, owner.user.companyId));
    expect(row?.logo ?? null).toBeNull();
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, owner.user.companyId));
    expect(actions.map((entry) => entry.action)).not.toContain('branding_logo_updated');
  });

  test('is served, nosniff, to its own company only; removing it is audited', async () => {
    const owner = await companyOn('enterprise');
    const png = pngImage(64, 64);
    await uploadLogo(owner.cookie, png);
    const colleague = await joinCompany(t, owner.user.companyId, 'viewer');
    const served = await fetchLogo(colleague.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([...png]);

    // Another Enterprise company without a logo sees its own (none), never this one.
    const stranger = await companyOn('enterprise');
    expect((await fetchLogo(stranger.cookie)).status).toBe(404);
    expect((await t.call('GET', '/api/company/branding', { cookie: stranger.cookie })).json.logo).toBeNull();
    expect((await fetchLogo()).status).toBe(401);
    // And cannot remove or overwrite it: its calls touch its own row only.
    expect((await t.call('DELETE', '/api/company/branding/logo', { cookie: stranger.cookie })).status).toBe(
      404,
    );
    await putBranding(stranger.cookie, { brandName: 'Other', accentColour: '#000000' });
    const mine = await t.call('GET', '/api/company/branding', { cookie: owner.cookie });
    expect(mine.json.brandName).toBeNull();
    expect(mine.json.logo).not.toBeNull();

    const removed = await t.call('DELETE', '/api/company/branding/logo', { cookie: owner.cookie });
    expect(removed.status).toBe(200);
    expect(removed.json.logo).toBeNull();
    expect((await fetchLogo(owner.cookie)).status).toBe(404);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, owner.user.companyId));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['branding_logo_updated', 'branding_logo_removed']),
    );
  });
});

describe('reports', () => {
  async function generatePdf(cookie: string) {
    const requested = await t.call('POST', '/api/reports/generate', {
      cookie,
      body: { format: 'pdf', framework: 'gri', period: '2025' },
    });
    expect(requested.status).toBe(202);
    await t.runJobs();
    const file = await t.app.request(`${ORIGIN}/api/reports/${requested.json.id}/file`, {
      headers: { Cookie: cookie },
    });
    expect(file.status).toBe(200);
    const row = await t.db
      .select({ snapshot: reports.snapshot })
      .from(reports)
      .where(eq(reports.id, requested.json.id))
      .get();
    const snapshot = JSON.parse(row!.snapshot) as ReportSnapshot;
    return { pdf: await inspectPdf(await file.arrayBuffer()), snapshot };
  }

  test('an Enterprise report carries the brand name, colour and logo, frozen at generation', async () => {
    const owner = await companyOn('enterprise', 'Northwind Bakery Ltd');
    await putBranding(owner.cookie, BRAND);
    await uploadLogo(owner.cookie, pngImage(120, 60));
    const { pdf, snapshot } = await generatePdf(owner.cookie);
    expect(snapshot.branding).toMatchObject({ brandName: 'Northwind Bread', accentColour: '#1D4ED8' });
    expect(snapshot.branding?.logo).toMatchObject({ contentType: 'image/png', width: 120, height: 60 });
    expect(pdf.pages[0]).toContain('Northwind Bread');
    expect(pdf.pages[0]).toContain('Reporting entity Northwind Bakery Ltd');
    expect(pdf.pages.join(' ')).toContain('Northwind Bread · 2025');
    expect(pdf.colours).toContain('#1d4ed8');
    expect(pdf.pagesWithImages).toEqual([1]);
  });

  test('a PNG bomb stored before uploads were measured is left off the report, which still renders', async () => {
    const owner = await companyOn('enterprise', 'Old Logo Ltd');
    await putBranding(owner.cookie, BRAND);
    await uploadLogo(owner.cookie, pngImage(100, 100));
    // What an upload accepted before the check left in the table: a header of 100 × 100 over 64 MB.
    await t.db
      .update(companyBranding)
      .set({ logoBytes: pngBomb(100, 100, 64 * 1024 * 1024) })
      .where(eq(companyBranding.companyId, owner.user.companyId));
    const { pdf, snapshot } = await generatePdf(owner.cookie);
    expect(snapshot.branding?.logo).toMatchObject({ contentType: 'image/png', width: 100, height: 100 });
    expect(pdf.pages[0]).toContain('Northwind Bread');
    expect(pdf.pagesWithImages).toEqual([]);
  });

  test('after a downgrade the stored branding stays but reports use the default look', async () => {
    const owner = await companyOn('enterprise', 'Downgraded Ltd');
    await putBranding(owner.cookie, BRAND);
    await t.db.update(companies).set({ plan: 'growth' }).where(eq(companies.id, owner.user.companyId));
    const read = await t.call('GET', '/api/company/branding', { cookie: owner.cookie });
    expect(read.json).toMatchObject({ entitled: false, customised: true, brandName: 'Northwind Bread' });
    const { pdf, snapshot } = await generatePdf(owner.cookie);
    expect(snapshot.branding).toBeNull();
    expect(pdf.pages[0]).toContain('Downgraded Ltd');
    expect(pdf.pages.join(' ')).not.toContain('Northwind Bread');
    expect(pdf.colours).not.toContain('#1d4ed8');
  });
});
