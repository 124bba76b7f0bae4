import { describe, expect, test } from 'bun:test';
import { isLocalhost, requestHostname } from './origin.ts';

describe('requestHostname', () => {
  test('matches what URL parsing gives for the forms requests take', () => {
    for (const url of [
      'http://localhost/api/x',
      'http://localhost:3000/api/x?y=1',
      'https://esg.example.com',
      'https://esg.example.com:8443/#top',
      'http://[::1]:3000/',
      'http://127.0.0.1:4321/a/b',
    ]) {
      expect(requestHostname(url)).toBe(new URL(url).hostname);
    }
  });

  test('treats loopback names as local and everything else as public', () => {
    expect(['localhost', '127.0.0.1', '[::1]', 'app.localhost'].every(isLocalhost)).toBe(true);
    expect(isLocalhost('esg.example.com')).toBe(false);
  });
});
