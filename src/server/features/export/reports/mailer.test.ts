import { describe, expect, test } from 'bun:test';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../lib/logger.ts';
import { buildReportEmail, isMailerAvailable, sendReportEmail } from './mailer.ts';

const file = {
  fileName: 'report-1.pdf',
  contentType: 'application/pdf',
  bytes: new Uint8Array([37, 80, 68, 70]),
  sha256: 'ab'.repeat(32),
};

describe('report email', () => {
  test('names the report, its format and period, and attaches the file as generated', () => {
    const email = buildReportEmail({
      from: 'ESG Pilot <reports@example.com>',
      to: 'ada@example.com',
      report: { title: 'Northwind — GRI sustainability report 2025', format: 'pdf', period: '2025' },
      file,
    });
    expect(email.subject).toBe('Your PDF report is ready: Northwind — GRI sustainability report 2025');
    expect(email.from).toBe('ESG Pilot <reports@example.com>');
    expect(email.to).toBe('ada@example.com');
    expect(email.text).toContain('(PDF, period 2025) is attached as report-1.pdf');
    expect(email.text).toContain(`SHA-256 of the file: ${file.sha256}`);
    expect(email.attachments).toEqual([
      { filename: 'report-1.pdf', content: file.bytes, contentType: 'application/pdf' },
    ]);
  });

  test('without SMTP_URL nothing is sent and the outcome is not_configured', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    expect(isMailerAvailable(config)).toBe(false);
    const email = buildReportEmail({
      from: 'a@example.com',
      to: 'b@example.com',
      report: { title: 'T', format: 'csv', period: '2025-q1' },
      file,
    });
    expect(await sendReportEmail(config, email, createLogger('silent'))).toBe('not_configured');
  });

  test('SMTP_URL needs SMTP_FROM and an smtp(s) URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      'SMTP_FROM: set SMTP_FROM (the sender address) together with SMTP_URL',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', SMTP_FROM: 'a@example.com' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
  });
});
