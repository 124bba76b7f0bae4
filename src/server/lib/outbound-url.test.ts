import { afterEach, describe, expect, test } from 'bun:test';
import {
  isBlockedAddress,
  isLocalName,
  isRefusedAddress,
  isRefusedHost,
  parseIpv4,
  parseIpv6,
  setOutboundPolicy,
} from './outbound-url.ts';

afterEach(() => setOutboundPolicy({ allowPrivateNetwork: false }));

/** What the WHATWG URL parser makes of a typed host: the guard judges this canonical form. */
const hostOf = (url: string) => new URL(url).hostname;

describe('parseIpv4', () => {
  test.each([
    ['127.0.0.1', 0x7f000001],
    ['2130706433', 0x7f000001],
    ['0177.0.0.1', 0x7f000001],
    ['0x7f.1', 0x7f000001],
    ['127.1', 0x7f000001],
    ['0x7F000001', 0x7f000001],
    ['169.254.169.254.', 0xa9fea9fe],
  ])('reads every inet_aton spelling: %s', (text, value) => expect(parseIpv4(text)).toBe(value));

  test.each(['example.com', '1.2.3.4.5', '256.0.0.1', '4294967296', '08.0.0.1', '', '1..2'])(
    'is null for %s, which is not an IPv4 address',
    (text) => expect(parseIpv4(text)).toBeNull(),
  );
});

describe('parseIpv6', () => {
  test('expands :: into 8 groups and reads a dotted IPv4 tail, brackets and zone ids', () => {
    expect(parseIpv6('[::1]')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('::FFFF:7F00:1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('2001:db8:0:0:0:0:2:1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 2, 1]);
  });

  test.each(['1:2:3:4:5:6:7:8:9', '1::2::3', ':1::', '12345::', '::1.2.3', 'example.com', '1:2:3:4:5:6:7'])(
    'is null for %s, which is not an IPv6 address',
    (text) => expect(parseIpv6(text)).toBeNull(),
  );
});

describe('isBlockedAddress', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.0.170',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    '2130706433',
    '0177.0.0.1',
    '0x7f.1',
    '::1',
    '::',
    '[::1]',
    'fd00::1',
    'fe80::1',
    'fe80::1%25eth0',
    'fec0::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:a9fe:a9fe]',
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:0:7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::808:808',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '3fff::1',
    '100::1',
    '5f00::1',
  ])('refuses %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  test.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '192.0.78.9',
    '2a00:1450:4009:81f::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2620:4f:8000::1',
  ])('allows %s, a public address', (address) => expect(isBlockedAddress(address)).toBe(false));
});

describe('the guard on a URL host', () => {
  test.each([
    'http://[::ffff:127.0.0.1]:8069/any/path#',
    'http://[::ffff:169.254.169.254]/latest/meta-data',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://0.0.0.0:8069/',
    'http://[::]:8069/',
    'http://LOCALHOST./',
    'http://localhost../',
    'http://odoo.local/',
    'http://metadata.google.internal/',
    'http://router.home.arpa/',
    'http://odoo:8069/',
    'http://169.254.169.254./',
  ])('refuses %s after the URL parser canonicalises it', (url) => {
    expect(isRefusedHost(hostOf(url))).toBe(true);
  });

  test('allows a public name (its addresses are checked when DNS answers) and a public address', () => {
    expect(isRefusedHost(hostOf('https://acme.odoo.com/'))).toBe(false);
    expect(isRefusedHost(hostOf('http://8.8.8.8/'))).toBe(false);
    expect(isLocalName('erp.example.com')).toBe(false);
  });

  test('the private network is allowed when configured (local fakes, on-premises servers)', () => {
    setOutboundPolicy({ allowPrivateNetwork: true });
    expect(isRefusedHost('127.0.0.1')).toBe(false);
    expect(isRefusedAddress('10.0.0.1')).toBe(false);
  });

  test('a test address judged public stays alone: its neighbours are still refused', () => {
    setOutboundPolicy({ allowPrivateNetwork: false, publicTestAddresses: ['127.0.0.2'] });
    expect(isRefusedAddress('127.0.0.2')).toBe(false);
    expect(isRefusedAddress('127.0.0.1')).toBe(true);
    expect(isRefusedHost('[::ffff:127.0.0.1]')).toBe(true);
  });
});
