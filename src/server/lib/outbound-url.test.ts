import { afterEach, describe, expect, test } from 'bun:test';
import { assertPublicUrl, isBlockedAddress, setOutboundPolicy } from './outbound-url.ts';

afterEach(() => setOutboundPolicy({ allowPrivateNetwork: false }));

describe('isBlockedAddress', () => {
  test.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    '[::1]',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  test.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2a00:1450:4009:81f::200e', '192.169.0.1'])(
    'allows %s',
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );
});

describe('assertPublicUrl', () => {
  test('refuses loopback, metadata and local names with a readable 400', async () => {
    for (const url of [
      'http://127.0.0.1:8069',
      'http://169.254.169.254/latest',
      'https://odoo.local',
      'http://localhost:8069',
    ]) {
      const error = await assertPublicUrl(url).catch((caught) => caught);
      expect(error).toMatchObject({ status: 400, code: 'private_network_refused' });
      expect(error.message).toContain('private or local network');
    }
  });

  test('a name that resolves to a private address is refused like the address itself', async () => {
    expect(await assertPublicUrl('http://localhost.:8069').catch((caught) => caught)).toMatchObject({
      status: 400,
    });
    // DNS rebinding-style names: public-looking, private answer (one private address is enough).
    const resolver = async () => ['93.184.215.14', '10.0.0.5'];
    const error = await assertPublicUrl('https://erp.example.com', resolver).catch((caught) => caught);
    expect(error).toMatchObject({ status: 400, code: 'private_network_refused' });
    await expect(
      assertPublicUrl('https://erp.example.com', async () => ['93.184.215.14']),
    ).resolves.toBeUndefined();
  });

  test('the private network is allowed when configured (local fakes, on-premises tests)', async () => {
    setOutboundPolicy({ allowPrivateNetwork: true });
    await expect(assertPublicUrl('http://127.0.0.1:8069')).resolves.toBeUndefined();
  });
});
