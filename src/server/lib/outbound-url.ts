// Server-side request forgery guard: which hosts and addresses the server may call for a URL a
// person typed (the Odoo server URL) or a remote named (the offset feed and its redirects). The
// server must not be talked into calling itself, the cloud metadata service or the office network
// (OWASP SSRF Prevention Cheat Sheet). Decision 040.
//
// Addresses are parsed into numbers, never matched as text: an IPv6 address is expanded to its 8
// groups, so `::ffff:7f00:1` and `::ffff:127.0.0.1` are the same loopback address, and an IPv4
// address embedded in IPv6 (mapped, compatible, SIIT, NAT64, 6to4) is judged as that IPv4 address.
// IPv4 accepts every inet_aton spelling the WHATWG URL parser accepts (`2130706433`, `0177.0.0.1`,
// `0x7f.1`, `127.1`); the parser already turns those into dotted decimal for http(s) URLs, and DNS
// answers are dotted decimal, but the guard does not rely on either.
//
// Refused: IANA IPv4 Special-Purpose Address Registry entries that are not globally reachable
// (https://www.iana.org/assignments/iana-ipv4-special-registry, 2025 edition) plus multicast
// 224.0.0.0/4; for IPv6 everything outside 2000::/3, the only global unicast space (IANA IPv6
// Address Space registry), and the entries of the IANA IPv6 Special-Purpose Address Registry
// inside it (https://www.iana.org/assignments/iana-ipv6-special-registry).
import type { Logger } from './logger.ts';

export interface OutboundPolicy {
  /** CONNECTOR_ALLOW_PRIVATE_NETWORK: local fakes and on-premises servers (refused in production). */
  allowPrivateNetwork: boolean;
  /**
   * Tests only: addresses judged as public although they are not, so a fake on 127.0.0.2 can play a
   * public server while 127.0.0.1 stays private (redirect and DNS rebinding tests).
   */
  publicTestAddresses?: string[];
  /** Where the details of remote failures go; callers show people only their own plain message. */
  log?: Logger;
}

/** Process-wide, set from config by createApp. */
let policy: OutboundPolicy = { allowPrivateNetwork: false };

export function setOutboundPolicy(next: OutboundPolicy): void {
  policy = next;
}

export const outboundPolicy = (): OutboundPolicy => policy;

type Range = readonly [base: number, prefix: number];

const v4 = (text: string) => parseIpv4(text)!;

/** IANA IPv4 special-purpose entries not globally reachable, and multicast (RFC 5771). */
const BLOCKED_IPV4: Range[] = [
  [v4('0.0.0.0'), 8], // "this network" (RFC 791)
  [v4('10.0.0.0'), 8], // private (RFC 1918)
  [v4('100.64.0.0'), 10], // shared address space, carrier-grade NAT (RFC 6598)
  [v4('127.0.0.0'), 8], // loopback (RFC 1122)
  [v4('169.254.0.0'), 16], // link local, cloud metadata services (RFC 3927)
  [v4('172.16.0.0'), 12], // private (RFC 1918)
  [v4('192.0.0.0'), 24], // IETF protocol assignments (RFC 6890), incl. NAT64 discovery
  [v4('192.0.2.0'), 24], // TEST-NET-1 (RFC 5737)
  [v4('192.88.99.0'), 24], // deprecated 6to4 relay anycast (RFC 7526)
  [v4('192.168.0.0'), 16], // private (RFC 1918)
  [v4('198.18.0.0'), 15], // benchmarking (RFC 2544)
  [v4('198.51.100.0'), 24], // TEST-NET-2 (RFC 5737)
  [v4('203.0.113.0'), 24], // TEST-NET-3 (RFC 5737)
  [v4('224.0.0.0'), 4], // multicast (RFC 5771)
  [v4('240.0.0.0'), 4], // reserved (RFC 1112), incl. limited broadcast 255.255.255.255
];

/**
 * IANA IPv6 special-purpose entries inside 2000::/3 that are not globally reachable. 2001::/23 is
 * refused whole: the few globally reachable entries inside it (anycast PCP/TURN/DNS-SD addresses,
 * AMT, AS112, ORCHIDv2, DRIP) never host a server a person would connect to; Teredo 2001::/32 is
 * inside it too.
 */
const BLOCKED_IPV6: [groups: number[], prefix: number][] = [
  [[0x2001, 0], 23], // IETF protocol assignments (RFC 2928), Teredo (RFC 4380)
  [[0x2001, 0x0db8], 32], // documentation (RFC 3849)
  [[0x3fff, 0], 20], // documentation (RFC 9637)
];

/** One inet_aton number: decimal, octal with a leading 0, hex with 0x (WHATWG URL §4.3). */
function parseIpv4Number(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/** The address as an unsigned 32-bit number, or null when `text` is not an IPv4 address. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers = parts.map(parseIpv4Number);
  if (numbers.some((number) => number === null)) return null;
  const last = numbers.pop()!;
  if (numbers.some((number) => number! > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce<number>((sum, number, index) => sum + number! * 256 ** (3 - index), last);
}

/** Strict dotted decimal, as the tail of an IPv6 address must be (RFC 4291 §2.2). */
function parseDottedQuad(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
    return null;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** The 8 groups of an IPv6 address (brackets, zone id and a dotted IPv4 tail allowed), or null. */
export function parseIpv6(text: string): number[] | null {
  let address = text.trim().toLowerCase();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  // A zone id (RFC 6874, `fe80::1%eth0`) names the interface, not another address.
  address = address.replace(/%.*$/, '');
  if (!address.includes(':')) return null;
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (tail.includes('.')) {
    const embedded = parseDottedQuad(tail);
    if (embedded === null) return null;
    address = `${address.slice(0, lastColon + 1)}${(embedded >>> 16).toString(16)}:${(embedded & 0xffff).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

const inIpv4Range = (address: number, [base, prefix]: Range) =>
  address >>> (32 - prefix) === base >>> (32 - prefix);

function inIpv6Range(groups: number[], [base, prefix]: [number[], number]): boolean {
  for (let bit = 0; bit < prefix; bit += 16) {
    const width = Math.min(16, prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    if ((groups[bit / 16]! & mask) !== ((base[bit / 16] ?? 0) & mask)) return false;
  }
  return true;
}

const zeros = (groups: number[], from: number, to: number) => groups.slice(from, to).every((g) => g === 0);

/** The IPv4 address an IPv6 address stands for, when it embeds one. */
function embeddedIpv4(groups: number[]): number | null {
  const low = ((groups[6]! << 16) | groups[7]!) >>> 0;
  if (zeros(groups, 0, 5) && groups[5] === 0xffff) return low; // IPv4-mapped ::ffff:0:0/96 (RFC 4291)
  if (zeros(groups, 0, 6)) return low; // IPv4-compatible ::/96 (RFC 4291, deprecated); :: and ::1 too
  if (zeros(groups, 0, 4) && groups[4] === 0xffff && groups[5] === 0) return low; // SIIT (RFC 2765)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(groups, 2, 6)) return low; // NAT64 (RFC 6052)
  if (groups[0] === 0x2002) return ((groups[1]! << 16) | groups[2]!) >>> 0; // 6to4 (RFC 3056)
  return null;
}

const isBlockedIpv4 = (address: number) => BLOCKED_IPV4.some((range) => inIpv4Range(address, range));

function isBlockedIpv6(groups: number[]): boolean {
  const embedded = embeddedIpv4(groups);
  if (embedded !== null) return isBlockedIpv4(embedded);
  // Outside 2000::/3: unique local, link local, site local, multicast, 64:ff9b:1::/48, 100::/64…
  if ((groups[0]! & 0xe000) !== 0x2000) return true;
  return BLOCKED_IPV6.some((range) => inIpv6Range(groups, range));
}

/** True when an address literal (any IPv4 spelling, IPv6 with or without brackets) is not public. */
export function isBlockedAddress(address: string): boolean {
  const ipv4 = parseIpv4(address.replace(/\.+$/, ''));
  if (ipv4 !== null) return isBlockedIpv4(ipv4);
  const groups = parseIpv6(address);
  return groups ? isBlockedIpv6(groups) : false;
}

/** True for an IPv4 or IPv6 literal (as opposed to a name DNS must answer for). */
export const isAddressLiteral = (host: string) =>
  parseIpv4(host.replace(/\.+$/, '')) !== null || parseIpv6(host) !== null;

/**
 * Names that are this machine or a private network by definition: localhost (RFC 6761), mDNS
 * `.local` (RFC 6762), `.internal` (ICANN private use, 2024), `home.arpa` (RFC 8375), the common
 * `.localdomain`, and single-label names, which only a search domain or hosts file can answer.
 */
export function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return !name.includes('.') || /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(name);
}

/** The guard's verdict on one address, with the policy applied. */
export function isRefusedAddress(address: string): boolean {
  if (policy.allowPrivateNetwork) return false;
  if (policy.publicTestAddresses?.includes(address.replace(/^\[|\]$/g, ''))) return false;
  return isBlockedAddress(address);
}

/** The guard's verdict on a URL's host before any DNS answer, with the policy applied. */
export function isRefusedHost(hostname: string): boolean {
  if (policy.allowPrivateNetwork) return false;
  if (isAddressLiteral(hostname)) return isRefusedAddress(hostname);
  return isLocalName(hostname);
}
