// Outgoing email over SMTP (SMTP_URL / SMTP_FROM) with nodemailer, shared by the features that send
// mail (report delivery, team invitations). nodemailer needs Node's net and tls modules, which the
// Cloudflare Worker does not have: it is imported only at send time, only under Bun, through a
// specifier the Worker's bundler cannot follow, so the Worker build never contains it.
import type { Config } from '../config.ts';
import type { Logger } from './logger.ts';

export type EmailDelivery = 'sent' | 'not_configured' | 'failed';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

/** The closing line of every email that carries a single-use link: in UTC, to the minute. */
export function linkExpiryLine(expiresAt: Date): string {
  return `The link works once and expires on ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
}

type MailConfig = Config & { SMTP_URL: string; SMTP_FROM: string };

/** SMTP can be used here: configured, and running under Bun (not in the Worker). */
export function isMailerAvailable(config: Config): config is MailConfig {
  return (
    Boolean(config.SMTP_URL && config.SMTP_FROM) &&
    typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined'
  );
}

/**
 * Emails that carry a link (password reset, sign-up confirmation) need PUBLIC_URL too: a link built
 * from the request's Host header could point at a host the requester chose (reset poisoning, OWASP
 * Forgot Password Cheat Sheet).
 */
export function isLinkEmailAvailable(config: Config): config is MailConfig & { PUBLIC_URL: string } {
  return isMailerAvailable(config) && Boolean(config.PUBLIC_URL);
}

interface Transport {
  sendMail(message: unknown): Promise<unknown>;
  close(): void;
}
interface NodemailerModule {
  createTransport(url: string, defaults?: Record<string, unknown>): Transport;
}

/** Sends the email; 'not_configured' without SMTP (or in the Worker), 'failed' when the server refuses. */
export async function sendEmail(config: Config, email: OutgoingEmail, log: Logger): Promise<EmailDelivery> {
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
      attachments: (email.attachments ?? []).map((attachment) => ({
        ...attachment,
        content: toBuffer ? toBuffer.from(attachment.content) : attachment.content,
      })),
    });
    return 'sent';
  } catch (error) {
    log.warn('email not sent', {
      subject: email.subject,
      error: error instanceof Error ? error.message : String(error),
    });
    return 'failed';
  } finally {
    transport?.close();
  }
}
