import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { dataRequestShares } from '../../db/schema/data-requests.ts';
import { SignedPackSchema } from '../../src/domain/contracts/data-requests.ts';
import { importPublicJwk, verifyPack } from '../../src/domain/data-requests/pack.ts';
import { SHARED_LINK_LIMIT } from '../../src/server/features/data-requests/shares.ts';
import { rotateSigningKey } from '../../src/server/features/data-requests/signing-keys.ts';
import { callWithKey, createKey } from '../helpers/api-keys.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

let now = new Date('2026-03-15T10:00:00Z');
// TRUST_PROXY: each test's public calls come from the address they name (the per-IP rate limit).
const t = await createTestApp({ now: () => now, env: { TRUST_PROXY: 'true' } });

/** A company with a site, a year (2025) of electricity and spend, and 12 employees. */
async function company(name: string) {
  const owner = await t.signUpCompany({ companyName: name });
  const site = await addSite(t, owner.cookie, 'Bakery', 'GB');
  await addLine(t, owner.cookie, {
    siteId: site,
    date: '2025-03-01',
    category: 'electricity',
    quantity: 10_000,
    unit: 'kWh',
  });
  const financials = await t.call('PUT', '/api/financials', {
    cookie: owner.cookie,
    body: { year: 2025, revenue: 1_000_000, currency: 'EUR', employees: 12, employeesBasis: 'headcount' },
  });
  expect(financials.status).toBe(200);
  return owner;
}

const create = (cookie: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/data-requests', { cookie, body });
const answer = (request: { answers: { key: string }[] }, key: string) =>
  (
    request.answers as {
      key: string;
      status: string;
      value: unknown;
      sources: { kind: string }[];
      edit: unknown;
    }[]
  ).find((item) => item.key === key)!;
/** A public call: no cookie, no Origin, from one address. */
const open = (path: string, ip = '203.0.113.7') =>
  t.app.request(`${ORIGIN}${path}`, { headers: { 'X-Forwarded-For': ip, 'CF-Connecting-IP': ip } });

const owner = await company('Bakery A');

describe('data requests', () => {
  test('answers a VSME Basic request from the ledger and records, with sources', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'Acme Retail',
      requesterType: 'customer',
      template: 'vsme_basic',
      period: '2025',
      dueDate: '2026-04-30',
    });
    expect(created.status).toBe(201);
    const scope2 = answer(created.json, 'scope_2_emissions');
    expect(scope2.status).toBe('answered');
    expect(scope2.value).toBeGreaterThan(0);
    expect(scope2.sources[0]!.kind).toBe('ledger');
    // Nothing recorded for scope 1: missing, as the report says "Not recorded", never 0 (decision 086).
    expect(answer(created.json, 'scope_1_emissions')).toMatchObject({ status: 'missing', value: null });
    const employees = answer(created.json, 'employees_headcount');
    expect(employees).toMatchObject({ status: 'answered', value: 12 });
    expect(answer(created.json, 'legal_form').status).toBe('missing');
    // No VSME checklist yet: the figure the checklist would auto-fill, from the same function.
    expect(answer(created.json, 'renewable_energy_percentage')).toMatchObject({
      status: 'answered',
      value: 0,
    });
    expect(created.json.status).toBe('draft');
    expect(created.json.cap.applies).toBe(true);
    // B1 country and sites from the company's records (the snapshot's company section).
    expect(answer(created.json, 'country_of_operations')).toMatchObject({
      status: 'answered',
      value: 'United Kingdom',
      sources: [{ kind: 'profile' }],
    });
    expect(answer(created.json, 'list_of_sites').value).toContain('Bakery');
  });

  test('the VSME checklist answers its items: typed text as typed, ledger items as the ledger figure', async () => {
    const other = await company('Bakery C');
    const init = await t.call('POST', '/api/esg/initialize', {
      cookie: other.cookie,
      body: { jurisdiction: 'CSRD' },
    });
    expect(init.status).toBe(200);
    const typed = await t.call('PUT', '/api/esg/progress', {
      cookie: other.cookie,
      body: {
        jurisdiction: 'CSRD',
        indicator: 'employees_by_contract_type',
        value: '10 permanent, 2 temporary',
      },
    });
    expect(typed.status).toBe(200);
    const created = await create(other.cookie, {
      requesterName: 'Acme Retail',
      requesterType: 'customer',
      template: 'vsme_basic',
      period: '2025',
    });
    // Text carries no unit ("employees" belongs to a number).
    expect(answer(created.json, 'employees_by_contract_type')).toMatchObject({
      status: 'answered',
      value: '10 permanent, 2 temporary',
      unit: null,
      sources: [{ kind: 'checklist' }],
    });
    // The checklist fills the renewable share from the ledger: the same figure, as a number.
    const renewable = answer(created.json, 'renewable_energy_percentage') as unknown as {
      value: unknown;
      display: string;
    };
    expect(renewable.value).toBe(0);
    expect(renewable.display).toBe('0 %');
    // The enumeration of B1 carries its taxonomy label beside the member in the shared pack.
    const shared = await t.call('POST', `/api/data-requests/${created.json.id}/share`, {
      cookie: other.cookie,
      body: { expiresInDays: 7 },
    });
    expect(shared.status).toBe(201);
    const pack = SignedPackSchema.parse(
      await (await open(`/api/shared/${shared.json.token}`, '203.0.113.40')).json(),
    );
    const basis = pack.pack.facts.find((fact) => fact.key === 'basis_for_preparation')!;
    expect(String(basis.value)).toContain('OptionABasicModuleOnlyMember');
    expect(basis.displayValue).toBe('Basic module only');
  });

  test('the same scope 2 figure as the report snapshot: read through the KPI figures', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'Bank',
      requesterType: 'bank',
      template: 'bank',
      period: '2025',
    });
    const kpi = await t.call('GET', '/api/metrics/summary?year=2025', { cookie: owner.cookie });
    const scope2 = answer(created.json, 'scope_2_emissions').value as number;
    expect(kpi.status).toBe(200);
    expect(JSON.stringify(kpi.json)).toContain(String(scope2));
    // PCAF item is beyond the VSME: marked, not answered, until the person chooses to.
    expect(answer(created.json, 'pcaf_data_quality').status).toBe('beyond_cap');
    const chosen = await t.call('PATCH', `/api/data-requests/${created.json.id}/answers/pcaf_data_quality`, {
      cookie: owner.cookie,
      body: { action: 'answer' },
    });
    expect(answer(chosen.json, 'pcaf_data_quality')).toMatchObject({
      status: 'answered',
      value: expect.stringContaining('Scope 2: 2.0'),
    });
  });

  test('an edit is marked and audited, and reset brings back the computed answer', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'Acme',
      requesterType: 'customer',
      template: 'bank',
      period: '2025',
    });
    const id = created.json.id;
    const edited = await t.call('PATCH', `/api/data-requests/${id}/answers/scope_1_emissions`, {
      cookie: owner.cookie,
      body: { action: 'edit', value: 3.5, unit: 'tCO2e' },
    });
    expect(edited.status).toBe(200);
    expect(answer(edited.json, 'scope_1_emissions')).toMatchObject({
      status: 'answered',
      value: 3.5,
      edit: expect.any(Object),
    });
    const audits = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'data_request_answer_edited')));
    expect(audits).toHaveLength(1);
    const reset = await t.call('PATCH', `/api/data-requests/${id}/answers/scope_1_emissions`, {
      cookie: owner.cookie,
      body: { action: 'reset' },
    });
    expect(answer(reset.json, 'scope_1_emissions').edit).toBeNull();
    const unknown = await t.call('PATCH', `/api/data-requests/${id}/answers/no_such_item`, {
      cookie: owner.cookie,
      body: { action: 'reset' },
    });
    expect(unknown.status).toBe(404);
  });

  test('a custom CSV with bad rows says which and stores nothing; known keys answer, unknown stay missing', async () => {
    const before = (await t.call('GET', '/api/data-requests', { cookie: owner.cookie })).json.requests.length;
    const bad = await create(owner.cookie, {
      requesterName: 'Acme',
      requesterType: 'other',
      template: 'custom',
      period: '2025',
      questionsCsv: 'question,key\nScope 2?,scope_2_emissions\n,scope_1_emissions\nOK?,Bad Key\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details.rows.map((row: { row: number }) => row.row)).toEqual([3, 4]);
    expect((await t.call('GET', '/api/data-requests', { cookie: owner.cookie })).json.requests.length).toBe(
      before,
    );
    const good = await create(owner.cookie, {
      requesterName: 'Acme',
      requesterType: 'other',
      template: 'custom',
      period: '2025',
      questionsCsv: 'question,key\nYour scope 2?,scope_2_emissions\nYour favourite colour?,\n',
    });
    expect(good.status).toBe(201);
    expect(good.json.answers.map((item: { status: string }) => item.status)).toEqual(['answered', 'missing']);
  });

  test('overdue follows the injected clock', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'Late',
      requesterType: 'customer',
      template: 'bank',
      period: '2025',
      dueDate: '2026-03-20',
    });
    expect(created.json.status).not.toBe('overdue');
    now = new Date('2026-03-21T09:00:00Z');
    const later = await t.call('GET', `/api/data-requests/${created.json.id}`, { cookie: owner.cookie });
    expect(later.json.status).toBe('overdue');
    now = new Date('2026-03-15T10:00:00Z');
  });

  test('decline draft cites the rule and declining marks the items', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'CDP buyer',
      requesterType: 'customer',
      template: 'cdp_core',
      period: '2025',
    });
    const draft = await t.call('GET', `/api/data-requests/${created.json.id}/decline-draft`, {
      cookie: owner.cookie,
    });
    expect(draft.status).toBe(200);
    expect(draft.json.body).toContain('Directive (EU) 2026/470');
    expect(draft.json.keys).toContain('internal_carbon_price');
    const declined = await t.call('POST', `/api/data-requests/${created.json.id}/decline`, {
      cookie: owner.cookie,
      body: { scope: 'beyond_cap' },
    });
    expect(answer(declined.json, 'internal_carbon_price').status).toBe('declined');
    expect(answer(declined.json, 'scope_2_emissions').status).toBe('answered');
  });

  test('share: signed pack verifies with the JWKS, a tampered pack fails, frozen against later ledger changes', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'Acme',
      requesterType: 'customer',
      template: 'vsme_basic',
      period: '2025',
    });
    const shared = await t.call('POST', `/api/data-requests/${created.json.id}/share`, {
      cookie: owner.cookie,
      body: { expiresInDays: 30 },
    });
    expect(shared.status).toBe(201);
    expect(shared.json.url).toBe(`${ORIGIN}/shared#${shared.json.token}`);
    const stored = await t.db.select({ tokenHash: dataRequestShares.tokenHash }).from(dataRequestShares);
    expect(stored.map((row) => row.tokenHash)).not.toContain(shared.json.token);

    const response = await open(`/api/shared/${shared.json.token}`);
    expect(response.status).toBe(200);
    const body = SignedPackSchema.parse(await response.json());
    const jwks = (await (await open('/.well-known/jwks.json')).json()) as {
      keys: { kid: string; kty: string; crv: string; x: string }[];
    };
    const jwk = jwks.keys.find((key) => key.kid === body.keyId)!;
    const key = await importPublicJwk(jwk);
    expect(await verifyPack(key, body.pack, body.signature)).toBe(true);
    const tampered = structuredClone(body.pack);
    tampered.facts[0]!.value = 'changed';
    expect(await verifyPack(key, tampered, body.signature)).toBe(false);

    const site = await addSite(t, owner.cookie, 'Second site', 'GB');
    await addLine(t, owner.cookie, {
      siteId: site,
      date: '2025-05-01',
      category: 'electricity',
      quantity: 5_000,
      unit: 'kWh',
    });
    const again = SignedPackSchema.parse(await (await open(`/api/shared/${shared.json.token}`)).json());
    expect(again.pack).toEqual(body.pack);
    const json = await open(`/api/shared/${shared.json.token}/download/json`);
    expect(json.headers.get('content-disposition')).toContain('attachment');

    const detail = await t.call('GET', `/api/data-requests/${created.json.id}`, { cookie: owner.cookie });
    expect(detail.json.status).toBe('shared');
    expect(detail.json.share).toMatchObject({ state: 'active', accessCount: 3 });

    // Rotation keeps the old key listed: the pack still verifies.
    await rotateSigningKey({
      db: t.db,
      config: t.config,
      log: console as never,
      requestId: 'test',
      ip: null,
      now: () => now,
    });
    const rotated = (await (await open('/.well-known/jwks.json')).json()) as { keys: { kid: string }[] };
    expect(rotated.keys.map((k) => k.kid)).toContain(body.keyId);
    expect(rotated.keys.length).toBeGreaterThanOrEqual(2);

    const revoked = await t.call('DELETE', `/api/data-requests/${created.json.id}/share`, {
      cookie: owner.cookie,
    });
    expect(revoked.status).toBe(204);
    const gone = await open(`/api/shared/${shared.json.token}`);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { code: string }).code).toBe('share_revoked');
  });

  test('a shared pack downloads as VSME Inline XBRL and PDF from its frozen snapshot', async () => {
    const lei = await t.call('PATCH', '/api/company/profile', {
      cookie: owner.cookie,
      body: { lei: '529900T8BM49AURSDO55' },
    });
    expect(lei.status).toBe(200);
    const created = await create(owner.cookie, {
      requesterName: 'Acme',
      requesterType: 'customer',
      template: 'vsme_basic',
      period: '2025',
    });
    const shared = await t.call('POST', `/api/data-requests/${created.json.id}/share`, {
      cookie: owner.cookie,
      body: { expiresInDays: 7 },
    });
    const pack = SignedPackSchema.parse(
      await (await open(`/api/shared/${shared.json.token}`, '203.0.113.20')).json(),
    );
    expect(pack.downloads.map((download) => download.format)).toEqual(['json', 'xbrl', 'pdf']);
    const xbrl = await open(`/api/shared/${shared.json.token}/download/xbrl`, '203.0.113.20');
    expect(xbrl.status).toBe(200);
    expect(xbrl.headers.get('content-type')).toBe('application/zip');
    const pdf = await open(`/api/shared/${shared.json.token}/download/pdf`, '203.0.113.20');
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await open(`/api/shared/${shared.json.token}/download/docx`, '203.0.113.20')).status).toBe(404);
  });

  test('an expired link answers 410 and no data; an unknown one 404', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'Acme',
      requesterType: 'customer',
      template: 'bank',
      period: '2025',
    });
    const shared = await t.call('POST', `/api/data-requests/${created.json.id}/share`, {
      cookie: owner.cookie,
      body: { expiresInDays: 1 },
    });
    now = new Date('2026-03-16T10:00:01Z');
    const expired = await open(`/api/shared/${shared.json.token}`, '203.0.113.8');
    expect(expired.status).toBe(410);
    const text = await expired.text();
    expect(text).toContain('share_expired');
    expect(text).not.toContain('facts');
    now = new Date('2026-03-15T10:00:00Z');
    expect((await open('/api/shared/abcdefghijklmnopqrstuvwxyz234567', '203.0.113.8')).status).toBe(404);
    expect((await open('/api/shared/not-a-token', '203.0.113.8')).status).toBe(404);
  });

  test('tokens are rate-limited per IP', async () => {
    const ip = '198.51.100.9';
    const statuses: number[] = [];
    for (let i = 0; i <= SHARED_LINK_LIMIT.limit; i++)
      statuses.push((await open('/api/shared/abcdefghijklmnopqrstuvwxyz234567', ip)).status);
    expect(statuses.slice(0, SHARED_LINK_LIMIT.limit).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await open('/api/shared/abcdefghijklmnopqrstuvwxyz234567', '198.51.100.10')).status).toBe(404);
  });

  test('another company cannot read, edit, share or revoke a request', async () => {
    const created = await create(owner.cookie, {
      requesterName: 'Acme',
      requesterType: 'customer',
      template: 'bank',
      period: '2025',
    });
    const other = await t.signUpCompany({ companyName: 'Other' });
    const id = created.json.id;
    expect((await t.call('GET', `/api/data-requests/${id}`, { cookie: other.cookie })).status).toBe(404);
    expect(
      (
        await t.call('PATCH', `/api/data-requests/${id}/answers/scope_1_emissions`, {
          cookie: other.cookie,
          body: { action: 'decline' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/api/data-requests/${id}/share`, {
          cookie: other.cookie,
          body: { expiresInDays: 3 },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/data-requests/${id}/share`, { cookie: other.cookie })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/data-requests', { cookie: other.cookie })).json.requests).toEqual([]);
  });

  test('an API key may call the company-side endpoints', async () => {
    const { secret } = await createKey(t, owner.cookie);
    const list = await callWithKey(t, 'GET', '/api/data-requests', secret);
    expect(list.status).toBe(200);
    const created = await callWithKey(t, 'POST', '/api/data-requests', secret, {
      body: { requesterName: 'Via API', requesterType: 'bank', template: 'bank', period: '2025' },
    });
    expect(created.status).toBe(201);
    const lender = await callWithKey(t, 'GET', '/api/data-requests/lender-view?period=2025', secret);
    expect(lender.status).toBe(200);
    expect(lender.json.scopes.find((scope: { scope: string }) => scope.scope === 'scope_2').score).toBe(2);
  });
});
