import { describe, expect, test } from 'bun:test';
import { templatePageFile } from './pages';

describe('pages served from one built file per kind of address', () => {
  test('a request id maps to the request page', () => {
    expect(templatePageFile('/requests/0f8c2a1e-5b7d-4c3a-9e1f-2d4b6a8c0e12')).toBe(
      '/requests/detail/index.html',
    );
  });

  test('other addresses, deeper paths and odd characters map to nothing', () => {
    expect(templatePageFile('/requests')).toBeNull();
    expect(templatePageFile('/requests/a/b')).toBeNull();
    expect(templatePageFile('/requests/a%2Fb')).toBeNull();
    expect(templatePageFile('/shared/q3Jx_k9-ZpL0')).toBeNull();
    expect(templatePageFile('/settings/abc')).toBeNull();
  });
});
