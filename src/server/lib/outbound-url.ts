// Server-side request forgery guard for URLs people type (the Odoo server URL): the server must not
// be talked into calling itself, the cloud metadata service or the office network (OWASP SSRF
// Prevention Cheat Sheet). A URL is refused when its host is a name for this machine, or any
// address it resolves to is loopback, private, link-local, carrier-grade NAT, multicast or
// reserved (IANA special-purpose registries for IPv4 and IPv6). Under Bun the name is resolved
// first; the Cloudflare Worker cannot resolve names, but its fetch cannot reach private networks.
// Redirects are not followed by the callers (a public URL must not bounce inwards).
import { HttpError } from './errors.ts';

/** Process-wide, set from config by createApp: tests and local fakes listen on 127.0.0.1. */
let allowPrivateNetwork = false;

export function setOutboundPolicy(policy: { allowPrivateNetwork: boolean }): void {
  allowPrivateNetwork = policy.allowPrivateNetwork;
}

function ipv4Octets(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return octets.every((octet) => octet >= 0 && octet <= 255) ? octets : null;
}

function isBlockedIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224
  );
}

function isBlockedIpv6(host: string): boolean {
  const address = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (address === '::' || address === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return isBlockedIpv4(ipv4Octets(mapped[1]!) ?? [0]);
  const first = Number.parseInt(address.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xff00) === 0xff00 || // ff00::/8 multicast
    address.startsWith('64:ff9b:') // NAT64 can reach IPv4 private space
  );
}

/** True when an address literal (IPv4 or IPv6) must not be called. */
export function isBlockedAddress(address: string): boolean {
  const v4 = ipv4Octets(address);
  if (v4) return isBlockedIpv4(v4);
  return address.includes(':') ? isBlockedIpv6(address) : false;
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

type Lookup = (host: string, options: { all: true }) => Promise<{ address: string }[]>;

type Resolver = (host: string) => Promise<string[] | null>;

async function resolve(host: string): Promise<string[] | null> {
  if (typeof (globalThis as { Bun?: unknown }).Bun === 'undefined') return null;
  // A variable specifier keeps node:dns out of the Worker bundle.
  const specifier = 'node:dns/promises';
  const { lookup } = (await import(/* @vite-ignore */ specifier)) as { lookup: Lookup };
  try {
    return (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

const refused = (host: string) =>
  new HttpError(
    400,
    `The server address ${host} is on a private or local network, which ESG Pilot cannot connect to. Use the server's public address.`,
    'private_network_refused',
  );

/** Throws 400 when `url` points at a private or local network (unless the policy allows it). */
export async function assertPublicUrl(url: string, resolver: Resolver = resolve): Promise<void> {
  if (allowPrivateNetwork) return;
  // `localhost.` is `localhost`: a fully qualified name's final dot changes nothing.
  const host = new URL(url).hostname.replace(/\.$/, '');
  if (LOCAL_NAMES.test(host) || isBlockedAddress(host)) throw refused(host);
  const addresses = await resolver(host);
  if (addresses?.some(isBlockedAddress)) throw refused(host);
}
