// "Send via email" (spec §2 Export & Filing delivery): the message is built by a pure function,
// and sent over SMTP with nodemailer. nodemailer needs Node's net and tls modules, which the
// Cloudflare Worker does not have: it is imported only at send time, only under Bun, through a
// specifier the Worker's bundler cannot follow, so the Worker build never contains it.
import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';

export type EmailDelivery = 'sent' | 'not_configured' | 'failed';

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

/** SMTP can be used here: configured, and running under Bun (not in the Worker). */
export function isMailerAvailable(config: Config): boolean {
  return (
    Boolean(config.SMTP_URL && config.SMTP_FROM) &&
    typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined'
  );
}

interface Transport {
  sendMail(message: unknown): Promise<unknown>;
  close(): void;
}
interface NodemailerModule {
  createTransport(url: string, defaults?: Record<string, unknown>): Transport;
}

/** Sends the email; 'not_configured' without SMTP (or in the Worker), 'failed' when the server refuses. */
export async function sendReportEmail(
  config: Config,
  email: ReportEmail,
  log: Logger,
): Promise<EmailDelivery> {
  if (!isMailerAvailable(config) || !config.SMTP_URL) return 'not_configured';
  // A variable specifier: bundlers leave it alone, so only Bun ever loads nodemailer.
  const specifier = 'nodemailer';
  let transport: Transport | null = null;
  try {
    const loaded = (await import(/* @vite-ignore */ specifier)) as NodemailerModule & {
      default?: NodemailerModule;
    };
    const nodemailer = loaded.default ?? loaded;
    transport = nodemailer.createTransport(config.SMTP_URL, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const toBuffer = (globalThis as { Buffer?: { from(bytes: Uint8Array): unknown } }).Buffer;
    await transport.sendMail({
      ...email,
      attachments: email.attachments.map((attachment) => ({
        ...attachment,
        content: toBuffer ? toBuffer.from(attachment.content) : attachment.content,
      })),
    });
    return 'sent';
  } catch (error) {
    log.warn('report email not sent', { error: error instanceof Error ? error.message : String(error) });
    return 'failed';
  } finally {
    transport?.close();
  }
}
