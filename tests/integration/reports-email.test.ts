import { afterAll, describe, expect, test } from 'bun:test';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { startFakeSmtp } from '../fakes/smtp.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
const t = await createTestApp({
  now: () => new Date('2026-03-15T10:00:00Z'),
  env: { SMTP_URL: smtp.url('reports', 'p@ss word'), SMTP_FROM: 'ESG Pilot <reports@example.com>' },
});

async function companyWithLedger() {
  const owner = await t.signUpCompany({ companyName: 'Northwind Bakery Ltd' });
  const siteId = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
  await addLine(t, owner.cookie, {
    siteId,
    date: '2025-02-01',
    category: 'natural_gas',
    quantity: 50_000,
    unit: 'kWh',
  });
  return owner;
}

/** The base64 body of the MIME part whose Content-Type starts with `type`, decoded. */
function attachmentOf(message: string, type: string): Uint8Array | null {
  const start = message.indexOf(`Content-Type: ${type}`);
  if (start < 0) return null;
  const body = message.indexOf('\r\n\r\n', start) + 4;
  const end = message.indexOf('\r\n--', body);
  return new Uint8Array(Buffer.from(message.slice(body, end).replace(/\s+/g, ''), 'base64'));
}

async function requestByEmail(cookie: string, format = 'pdf') {
  const requested = await t.call('POST', '/api/reports/generate', {
    cookie,
    body: { format, framework: 'gri', period: '2025', delivery: { download: true, email: true } },
  });
  expect(requested.status).toBe(202);
  await t.runJobs();
  return (await t.call('GET', `/api/reports/${requested.json.id}`, { cookie })).json;
}

describe('report delivery by email', () => {
  test('sends the generated file to the requester over SMTP and records sent', async () => {
    const { cookie, user } = await companyWithLedger();
    const before = smtp.messages.length;
    const report = await requestByEmail(cookie);
    expect(report).toMatchObject({ generation: 'succeeded', emailDelivery: 'sent' });
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail).toMatchObject({ from: 'reports@example.com', to: [user.email], auth: 'reports:p@ss word' });
    expect(mail.data).toContain(`report-${report.id}.pdf`);
    const attachment = attachmentOf(mail.data, 'application/pdf');
    expect(attachment).not.toBeNull();
    expect(sha256Hex(attachment!)).toBe(report.sha256);
  });

  test('records failed when the server refuses the recipient, and the file stays downloadable', async () => {
    const { cookie } = await companyWithLedger();
    smtp.rejectRecipients = true;
    try {
      const report = await requestByEmail(cookie, 'csv');
      expect(report).toMatchObject({ generation: 'succeeded', emailDelivery: 'failed' });
      const file = await t.call('GET', `/api/reports/${report.id}/file`, { cookie });
      expect(file.status).toBe(200);
    } finally {
      smtp.rejectRecipients = false;
    }
  });

  test('sends nothing when email was not asked for', async () => {
    const { cookie } = await companyWithLedger();
    const before = smtp.messages.length;
    const requested = await t.call('POST', '/api/reports/generate', {
      cookie,
      body: { format: 'csv', framework: 'gri', period: '2025' },
    });
    await t.runJobs();
    const report = (await t.call('GET', `/api/reports/${requested.json.id}`, { cookie })).json;
    expect(report.emailDelivery).toBeNull();
    expect(smtp.messages).toHaveLength(before);
  });
});
