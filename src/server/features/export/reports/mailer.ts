// "Send via email" (spec §2 Export & Filing delivery): the message is built by a pure function and
// sent by the shared SMTP mailer (src/server/lib/mailer.ts), which never loads in the Worker.
import type { Config } from '../../../config.ts';
import type { Logger } from '../../../lib/logger.ts';
import { type EmailDelivery, isMailerAvailable, sendEmail } from '../../../lib/mailer.ts';

export { type EmailDelivery, isMailerAvailable };

export interface ReportEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Uint8Array; contentType: string }[];
}

const FORMAT_NAMES: Record<string, string> = { pdf: 'PDF', xbrl: 'XBRL', csv: 'CSV' };

/** The email that carries a generated report as its attachment (pure). */
export function buildReportEmail(input: {
  from: string;
  to: string;
  report: { title: string; format: string; period: string };
  file: { fileName: string; contentType: string; bytes: Uint8Array; sha256: string };
}): ReportEmail {
  const { report, file } = input;
  const format = FORMAT_NAMES[report.format] ?? report.format.toUpperCase();
  return {
    from: input.from,
    to: input.to,
    subject: `Your ${format} report is ready: ${report.title}`,
    text: [
      `Your report "${report.title}" (${format}, period ${report.period}) is attached as ${file.fileName}.`,
      '',
      `SHA-256 of the file: ${file.sha256}`,
      'The same file stays available under Export & Filing, where you can download it again.',
    ].join('\n'),
    attachments: [{ filename: file.fileName, content: file.bytes, contentType: file.contentType }],
  };
}

/** Sends the report email (src/server/lib/mailer.ts, shared with team invitations). */
export function sendReportEmail(config: Config, email: ReportEmail, log: Logger): Promise<EmailDelivery> {
  return sendEmail(config, email, log);
}
