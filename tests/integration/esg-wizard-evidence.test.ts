import { describe, expect, test } from 'bun:test';
import { and, count, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { esgEvidenceChunks } from '../../db/schema/esg-wizard.ts';
import { makeViewer } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });

const MB = 1024 * 1024;
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
/** A Windows executable's first bytes ("MZ", then binary with NULs). */
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
/** A ZIP local file header. */
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0x21, 0x43]);

async function initialised() {
  const owner = await t.signUpCompany();
  const response = await t.call('POST', '/api/esg/initialize', {
    cookie: owner.cookie,
    body: { jurisdiction: 'CSRD' },
  });
  expect(response.status).toBe(200);
  return owner;
}

async function attach(
  cookie: string,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string } | null,
  fields: Record<string, string> = { jurisdiction: 'CSRD', indicator: 'scope_1_emissions' },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new File([file.bytes], file.name, { type: file.type ?? '' }));
  const response = await t.app.request(`${ORIGIN}/api/esg/evidence`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

const download = (cookie: string, id: string) =>
  t.app.request(`${ORIGIN}/api/esg/evidence/${id}/file`, { headers: { Cookie: cookie } });

describe('POST /api/esg/evidence', () => {
  test('stores a PDF and gives it back byte for byte with safe download headers', async () => {
    const { cookie, user } = await initialised();
    const saved = await attach(cookie, {
      bytes: PDF,
      name: 'Gas bill März 2025.pdf',
      type: 'application/pdf',
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({
      jurisdiction: 'CSRD',
      indicator: 'scope_1_emissions',
      fileName: 'Gas bill März 2025.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      createdAt: '2026-03-15T10:00:00.000Z',
      createdBy: 'Ada Lovelace',
    });
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', PDF));
    expect(saved.json.sha256).toBe([...digest].map((b) => b.toString(16).padStart(2, '0')).join(''));

    const file = await download(cookie, saved.json.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''Gas%20bill%20M%C3%A4rz%202025.pdf",
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    const progress = await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie });
    expect(progress.json.evidence).toEqual([saved.json]);
    const item = progress.json.progress.find(
      (i: { indicator: string }) => i.indicator === 'scope_1_emissions',
    );
    expect(item.evidenceCount).toBe(1);
    const audit = await t.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.action, 'esg_evidence_added')))
      .get();
    expect(audit!.n).toBe(1);
  });

  test('stores the file name without C0 or C1 controls (U+0085, U+009B), and sends it back', async () => {
    const { cookie } = await initialised();
    const saved = await attach(cookie, { bytes: PDF, name: 'Gas\u0085 bill\u009b\u0007.pdf' });
    expect(saved.status).toBe(201);
    expect(saved.json.fileName).toBe('Gas bill.pdf');
    const file = await download(cookie, saved.json.id);
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Gas%20bill.pdf");
  });

  test('decides the type from the content: a PNG named .pdf is stored as image/png', async () => {
    const { cookie } = await initialised();
    const saved = await attach(cookie, { bytes: PNG, name: 'invoice.pdf', type: 'application/pdf' });
    expect(saved.status).toBe(201);
    expect(saved.json.contentType).toBe('image/png');
    const file = await download(cookie, saved.json.id);
    expect(file.headers.get('content-type')).toBe('image/png');
    await file.arrayBuffer();
  });

  test('accepts a CSV export as text', async () => {
    const { cookie } = await initialised();
    const csv = new TextEncoder().encode('date,kWh\n2025-01-31,10000\n');
    const saved = await attach(cookie, { bytes: csv, name: 'meter.csv', type: 'text/csv' });
    expect(saved.status).toBe(201);
    expect(saved.json.contentType).toBe('text/csv');
    const file = await download(cookie, saved.json.id);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await file.text()).toBe('date,kWh\n2025-01-31,10000\n');
  });

  test('refuses an executable or an archive with 415, whatever its name', async () => {
    const { cookie } = await initialised();
    for (const bytes of [EXE, ZIP]) {
      const refused = await attach(cookie, { bytes, name: 'report.pdf', type: 'application/pdf' });
      expect(refused.status).toBe(415);
      expect(refused.json.message).toBe('Attach a PDF, an image (PNG, JPEG, WebP, GIF) or a CSV file');
    }
    const progress = await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie });
    expect(progress.json.evidence).toEqual([]);
  });

  test('refuses a file over 10 MB with 413, just over the limit and far over it', async () => {
    const { cookie } = await initialised();
    for (const size of [10 * MB + 1, 12 * MB]) {
      const bytes = new Uint8Array(size);
      bytes.set(PDF);
      const refused = await attach(cookie, { bytes, name: 'big.pdf' });
      expect(refused.status).toBe(413);
      expect(refused.json.message).toBe('File size must be less than 10MB');
    }
  });

  test('stores a file of several MB in 1 MB chunks and reassembles it exactly', async () => {
    const { cookie, user } = await initialised();
    const bytes = new Uint8Array(2.5 * MB);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) % 256;
    bytes.set(PDF);
    const saved = await attach(cookie, { bytes, name: 'survey.pdf' });
    expect(saved.status).toBe(201);
    const chunks = await t.db
      .select({ n: count() })
      .from(esgEvidenceChunks)
      .where(eq(esgEvidenceChunks.companyId, user.companyId))
      .get();
    expect(chunks!.n).toBe(3);
    const file = await download(cookie, saved.json.id);
    expect(file.headers.get('content-length')).toBe(String(bytes.length));
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  test('checks the form: jurisdiction, indicator in the checklist, a file', async () => {
    const { cookie } = await initialised();
    const file = { bytes: PDF, name: 'a.pdf' };
    const noJurisdiction = await attach(cookie, file, { indicator: 'scope_1_emissions' });
    expect(noJurisdiction.status).toBe(400);
    expect(noJurisdiction.json.message).toBe('Please select a jurisdiction');
    const unknown = await attach(cookie, file, { jurisdiction: 'CSRD', indicator: 'nothing_here' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('This indicator is not in your checklist');
    const notInitialised = await attach(cookie, file, {
      jurisdiction: 'SEC',
      indicator: 'scope_1_emissions',
    });
    expect(notInitialised.status).toBe(409);
    const noFile = await attach(cookie, null);
    expect(noFile.status).toBe(400);
    expect(noFile.json.details.fieldErrors.file).toEqual(['Choose a file to attach']);
    const json = await t.call('POST', '/api/esg/evidence', { cookie, body: { jurisdiction: 'CSRD' } });
    expect(json.status).toBe(415);
  });
});

describe('evidence permissions and tenancy', () => {
  test('a viewer downloads evidence but cannot attach or delete it', async () => {
    const owner = await initialised();
    const saved = await attach(owner.cookie, { bytes: PDF, name: 'bill.pdf' });
    const viewer = await makeViewer(t, owner.user.companyId);
    expect((await attach(viewer, { bytes: PDF, name: 'bill.pdf' })).status).toBe(403);
    const file = await download(viewer, saved.json.id);
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    expect((await t.call('DELETE', `/api/esg/evidence/${saved.json.id}`, { cookie: viewer })).status).toBe(
      403,
    );
  });

  test('company B can neither fetch nor delete company A’s evidence (404, as for a missing id)', async () => {
    const a = await initialised();
    const saved = await attach(a.cookie, { bytes: PDF, name: 'bill.pdf' });
    const b = await initialised();
    const fetched = await download(b.cookie, saved.json.id);
    expect(fetched.status).toBe(404);
    expect(await fetched.json()).toMatchObject({ message: 'Evidence not found' });
    expect((await t.call('DELETE', `/api/esg/evidence/${saved.json.id}`, { cookie: b.cookie })).status).toBe(
      404,
    );
    const missing = await download(b.cookie, crypto.randomUUID());
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
    const still = await download(a.cookie, saved.json.id);
    expect(still.status).toBe(200);
    await still.arrayBuffer();
    const bProgress = await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie: b.cookie });
    expect(bProgress.json.evidence).toEqual([]);
  });

  test('deleting evidence removes the file and its bytes, with an audit row', async () => {
    const { cookie, user } = await initialised();
    const saved = await attach(cookie, { bytes: PDF, name: 'bill.pdf' });
    const deleted = await t.call('DELETE', `/api/esg/evidence/${saved.json.id}`, { cookie });
    expect(deleted.status).toBe(204);
    const gone = await download(cookie, saved.json.id);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    const chunks = await t.db
      .select({ n: count() })
      .from(esgEvidenceChunks)
      .where(eq(esgEvidenceChunks.evidenceId, saved.json.id))
      .get();
    expect(chunks!.n).toBe(0);
    const audit = await t.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.action, 'esg_evidence_deleted')))
      .get();
    expect(audit!.n).toBe(1);
  });
});
