import { expect } from 'bun:test';
import type { FuzzIds, OwnedRowIds } from './fuzz-samples.ts';
import { companyWithMember } from './team.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Rows of one company a fuzzed id can point at. */
export interface CompanyRows extends OwnedRowIds {
  label: string;
  cookie: string;
  email: string;
  companyId: string;
}

async function created(t: TestApp, cookie: string, path: string, body: unknown): Promise<string> {
  const response = await t.call('POST', path, { cookie, body });
  expect(`${path} → ${response.status} ${response.text.slice(0, 200)}`).toStartWith(`${path} → 20`);
  const id = response.json?.id ?? response.json?.report?.id ?? response.json?.dataSource?.id;
  expect(typeof id).toBe('string');
  return id as string;
}

/** An admin's company with a member, a site, an activity, a narrative, a report and a data source. */
export async function companyWithData(t: TestApp, label: string): Promise<CompanyRows> {
  const { admin, member } = await companyWithMember(t);
  const cookie = admin.cookie;
  const siteId = await created(t, cookie, '/api/sites', { name: `${label} site`, country: 'GB' });
  const activityId = await created(t, cookie, '/api/activities', {
    siteId,
    date: '2025-02-01',
    category: 'electricity',
    quantity: 1000,
    unit: 'kWh',
  });
  const narrativeId = await created(t, cookie, '/api/narratives', {
    section: 'environmental',
    framework: 'gri',
    content: `${label} emissions fell.`,
    year: 2025,
  });
  const reportId = await created(t, cookie, '/api/reports/generate', {
    format: 'csv',
    framework: 'gri',
    period: '2025',
  });
  const dataSourceId = await created(t, cookie, '/api/data-sources', { type: 'csv', name: `${label} sheet` });
  const dataRequestId = await created(t, cookie, '/api/data-requests', {
    requesterName: `${label} customer`,
    requesterType: 'customer',
    template: 'bank',
    period: '2025',
  });
  return {
    label,
    cookie,
    email: admin.user.email,
    companyId: admin.user.companyId,
    siteId,
    activityId,
    narrativeId,
    reportId,
    dataSourceId,
    memberUserId: member.user.id,
    dataRequestId,
  };
}

/** What the samples need of the fuzzed company (A), with B's company as the one to switch to. */
export function fuzzIdsOf(a: CompanyRows, b: CompanyRows, projectId: string): FuzzIds {
  return { ...a, adminEmail: a.email, otherCompanyId: b.companyId, projectId };
}

/** B's row for a route's `:id`, by the resource the path names; undefined when B has none. */
export function otherCompanyRow(path: string, b: CompanyRows): string | undefined {
  const byPrefix: [string, string][] = [
    ['/api/sites/', b.siteId],
    ['/api/activities/', b.activityId],
    ['/api/narratives/', b.narrativeId],
    ['/api/reports/', b.reportId],
    ['/api/data-sources/', b.dataSourceId],
    ['/api/team/members/', b.memberUserId],
    ['/api/data-requests/', b.dataRequestId],
  ];
  return byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1];
}
