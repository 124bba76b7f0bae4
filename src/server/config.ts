import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, with its default. The README's configuration
 * table mirrors this schema; keep them in step.
 */
export const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^(file:|libsql:|https?:|wss?:|:memory:)/, 'must start with file:, libsql:, http(s): or ws(s):')
      .default('file:data/esg.db'),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    /** Public origin used for single-sign-on callbacks, e.g. https://esg.example.com. */
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /**
     * One in this many fast, successful reads gets an access-log line (1: every request). Writes,
     * answers of 400 and above and slow requests are always logged (decision 067).
     */
    ACCESS_LOG_SAMPLE: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /**
     * A request at least this long is always logged. 100 ms: about the limit for a reaction to feel
     * instantaneous (Nielsen, Usability Engineering, 1993, ch. 5).
     */
    ACCESS_LOG_SLOW_MS: z.coerce.number().int().min(0).default(100),
    /** Largest accepted request body for JSON calls (uploads have their own limit). */
    MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    /** Read the client address from X-Forwarded-For / CF-Connecting-IP (behind a proxy only). */
    TRUST_PROXY: flag.default(false),
    /** How long a validated session may be answered from memory (0: ask the database every time). */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** How long revoking a deleted source's provider access may take (decision 029; tests shorten it). */
    CONNECTOR_REVOKE_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /**
     * Sign-in and sign-up attempts allowed per window: per IP, and per email from one IP (the pair,
     * so a stranger elsewhere cannot use up the owner's attempts; decision 045).
     */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /**
     * Failed sign-ins per email from all IPs together, per its own (slower) window: slows spraying
     * one account from many addresses. An address the person signed in from before is exempt.
     */
    AUTH_RATE_LIMIT_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(100),
    AUTH_RATE_LIMIT_FAILURES_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** Reset-link emails one address may receive per hour (more requests get the same answer, no email). */
    PASSWORD_RESET_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(3),
    /** Sign-up emails one address may receive per hour (more requests get the same answer, no email). */
    SIGN_UP_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(3),
    /** Requests one API key may make per minute (Authorization: Bearer; 429 with Retry-After above). */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /** Email + password sign-in; switch off to allow single sign-on only. */
    AUTH_PASSWORD_ENABLED: flag.default(true),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    MICROSOFT_ENTRA_TENANT_ID: z.string().min(1).default('common'),
    MICROSOFT_ENTRA_CLIENT_ID: z.string().min(1).optional(),
    MICROSOFT_ENTRA_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * Where POST /api/carbon-offsets/sync reads the offset catalogue: an http(s) URL answering JSON
     * or a path to a JSON file (Bun only). The default is the bundled ILLUSTRATIVE catalogue.
     */
    CARBON_OFFSET_FEED: z
      .string()
      .min(1)
      .refine(
        (value) =>
          !/^[a-z][a-z0-9+.-]*:/i.test(value) || (/^https?:\/\//i.test(value) && URL.canParse(value)),
        'must be an http(s) URL or a path to a JSON file',
      )
      .default('db/reference/marketplace/catalogue.json'),
    /**
     * Narrative Builder: an OpenAI-compatible Chat Completions API (OpenAI, Azure OpenAI, or a local
     * Ollama, vLLM or llama.cpp server). Without a key the built-in writer drafts offline.
     */
    AI_API_KEY: z.string().min(1).optional(),
    /** e.g. http://127.0.0.1:11434/v1 for Ollama; default OpenAI's https://api.openai.com/v1. */
    AI_BASE_URL: z.url().optional(),
    AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /** How long one attempt at the AI provider may take before it counts as a timeout. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
    /**
     * Run background jobs inside the `npm start` server. Switch off when `bun workers/main.ts`
     * processes run them instead (both may run together: claims never overlap).
     */
    JOBS_IN_PROCESS: flag.default(true),
    /** Jobs one runner process (in-process or `bun workers/main.ts`) runs at the same time. */
    JOB_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * Let connectors and the offset feed (CARBON_OFFSET_FEED) call servers on private or local
     * networks (an Odoo at 192.168.x.x, the test fakes on 127.0.0.1). Off by default: the server
     * refuses such addresses, and redirects to them (SSRF guard, src/server/lib/outbound-url.ts,
     * decision 040). Refused in production.
     */
    CONNECTOR_ALLOW_PRIVATE_NETWORK: flag.default(false),
    /**
     * Export & Filing "send via email": an SMTP server, e.g. smtp://user:pass@smtp.example.com:587
     * (STARTTLS when offered) or smtps://…:465. Bun only; without it the report records
     * emailDelivery 'not_configured'.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .refine((value) => URL.canParse(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The From address of report emails, e.g. "ESG Pilot <reports@example.com>". */
    SMTP_FROM: z.string().min(3).optional(),
    /** `production` makes SECRETS_KEY mandatory (so does NODE_ENV=production). */
    APP_ENV: z.enum(['development', 'test', 'production']).optional(),
    NODE_ENV: z.string().optional(),
    /**
     * Connector credentials are sealed with AES-256-GCM under this key: 32 random bytes in base64
     * (`openssl rand -base64 32`). Without it (not allowed in production) a Bun process creates a
     * random key once in `secrets.key` beside the database file and reuses it; a Worker cannot
     * seal, so its connectors answer "not configured" (src/server/lib/local-secrets-key.ts).
     */
    SECRETS_KEY: z
      .string()
      .refine((value) => decodedLength(value) === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
    /** OAuth apps of the accounting/shop connectors; without them the connector says "not configured". */
    QUICKBOOKS_CLIENT_ID: z.string().min(1).optional(),
    QUICKBOOKS_CLIENT_SECRET: z.string().min(1).optional(),
    /** Intuit's API for production companies, or `sandbox` for development keys and sandbox companies. */
    QUICKBOOKS_ENVIRONMENT: z.enum(['production', 'sandbox']).default('production'),
    /** TESTS ONLY (refused in production): origins of a stand-in QuickBooks API and Intuit OAuth server. */
    QUICKBOOKS_API_ORIGIN: z.url().optional(),
    QUICKBOOKS_OAUTH_ORIGIN: z.url().optional(),
    XERO_CLIENT_ID: z.string().min(1).optional(),
    XERO_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * The OAuth scopes the Xero app may ask for (decision 075): `granular` for apps created on or
     * after 2 March 2026 (Xero refuses them the broad scopes), `broad` for older apps not yet moved.
     */
    XERO_SCOPE_SET: z.enum(['granular', 'broad']).default('granular'),
    SHOPIFY_CLIENT_ID: z.string().min(1).optional(),
    SHOPIFY_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * TEST ONLY: send every Shopify call (authorisation page, token exchange, Admin API) to this
     * origin instead of https://{shop}, e.g. a local fake. Refused in production.
     */
    SHOPIFY_API_ORIGIN: z.url().optional(),
    /**
     * Tests only: where the Xero connector finds login.xero.com, identity.xero.com and
     * api.xero.com (a fake on 127.0.0.1). Refused in production.
     */
    XERO_LOGIN_ORIGIN: z.url().optional(),
    XERO_IDENTITY_ORIGIN: z.url().optional(),
    XERO_API_ORIGIN: z.url().optional(),
  })
  .superRefine((value, context) => {
    if ((value.APP_ENV === 'production' || value.NODE_ENV === 'production') && !value.SECRETS_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message: 'required in production (32 random bytes in base64: openssl rand -base64 32)',
      });
    }
    if (
      (value.APP_ENV === 'production' || value.NODE_ENV === 'production') &&
      value.CONNECTOR_ALLOW_PRIVATE_NETWORK
    ) {
      context.addIssue({
        code: 'custom',
        path: ['CONNECTOR_ALLOW_PRIVATE_NETWORK'],
        message: 'must stay off in production (it lets people make the server call private addresses)',
      });
    }
    if ((value.APP_ENV === 'production' || value.NODE_ENV === 'production') && value.SHOPIFY_API_ORIGIN) {
      context.addIssue({
        code: 'custom',
        path: ['SHOPIFY_API_ORIGIN'],
        message: 'is for tests only: unset it in production (Shopify is reached at https://{shop})',
      });
    }
    const production = value.APP_ENV === 'production' || value.NODE_ENV === 'production';
    for (const key of [
      'QUICKBOOKS_API_ORIGIN',
      'QUICKBOOKS_OAUTH_ORIGIN',
      'XERO_LOGIN_ORIGIN',
      'XERO_IDENTITY_ORIGIN',
      'XERO_API_ORIGIN',
    ] as const) {
      if (production && value[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'for tests only: not allowed in production',
        });
      }
    }
    if (value.SMTP_URL && !value.SMTP_FROM) {
      context.addIssue({
        code: 'custom',
        path: ['SMTP_FROM'],
        message: 'set SMTP_FROM (the sender address) together with SMTP_URL',
      });
    }
    if (Boolean(value.GOOGLE_CLIENT_ID) !== Boolean(value.GOOGLE_CLIENT_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together',
      });
    }
    if (Boolean(value.MICROSOFT_ENTRA_CLIENT_ID) !== Boolean(value.MICROSOFT_ENTRA_CLIENT_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['MICROSOFT_ENTRA_CLIENT_SECRET'],
        message: 'set MICROSOFT_ENTRA_CLIENT_ID and MICROSOFT_ENTRA_CLIENT_SECRET together',
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Bytes of a base64 (or base64url) text, or -1 when it is not base64. */
function decodedLength(value: string): number {
  const text = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return -1;
  try {
    return atob(text.padEnd(Math.ceil(text.length / 4) * 4, '=')).length;
  } catch {
    return -1;
  }
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the process with the full list of problems. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
