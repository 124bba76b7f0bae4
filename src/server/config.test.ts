import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  test('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('file:data/esg.db');
    expect(config.AUTH_PASSWORD_ENABLED).toBe(true);
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  test('treats empty variables as unset and parses numbers and flags', () => {
    const config = loadConfig({ PORT: '8080', GOOGLE_CLIENT_ID: '', TRUST_PROXY: 'yes' });
    expect(config.PORT).toBe(8080);
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(true);
  });

  test('lists every bad value at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  test('asks for both halves of a single-sign-on client', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'only-half' })).toThrow(
      'GOOGLE_CLIENT_SECRET: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together',
    );
  });

  test('refuses the test-only Shopify origin in production', () => {
    const key = 'dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=';
    expect(() =>
      loadConfig({ APP_ENV: 'production', SECRETS_KEY: key, SHOPIFY_API_ORIGIN: 'http://127.0.0.1:9' }),
    ).toThrow('SHOPIFY_API_ORIGIN: is for tests only');
    expect(loadConfig({ SHOPIFY_API_ORIGIN: 'http://127.0.0.1:9' }).SHOPIFY_API_ORIGIN).toBe(
      'http://127.0.0.1:9',
    );
    expect(loadConfig({ APP_ENV: 'production', SECRETS_KEY: key }).SHOPIFY_API_ORIGIN).toBeUndefined();
  });

  test('takes the Xero origin overrides for tests and refuses them in production', () => {
    expect(loadConfig({ XERO_API_ORIGIN: 'http://127.0.0.1:4010' }).XERO_API_ORIGIN).toBe(
      'http://127.0.0.1:4010',
    );
    expect(() =>
      loadConfig({
        APP_ENV: 'production',
        SECRETS_KEY: 'dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=',
        XERO_API_ORIGIN: 'http://127.0.0.1:4010',
      }),
    ).toThrow('XERO_API_ORIGIN: for tests only: not allowed in production');
  });
});
