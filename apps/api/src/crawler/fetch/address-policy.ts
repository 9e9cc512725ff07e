import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** One entry of `SITESEER_CRAWL_ALLOW_PRIVATE`: a host name, or an address range (a single address is a /32 or /128). */
export type AllowEntry =
  | { kind: 'host'; host: string }
  | { kind: 'range'; text: string; range: [Address, number] };

/** An allow-list entry that is neither a host name, an address nor a CIDR. */
export class AllowListError extends Error {
  constructor(entry: string) {
    super(`'${entry}' is not a host name, an IP address or a CIDR range`);
    this.name = 'AllowListError';
  }
}

/** The crawler refused to connect to an address; `reason` is what the crawl report shows. */
export class AddressRefusedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'AddressRefusedError';
    this.reason = reason;
  }
}

/** Parses the comma-separated allow list; throws AllowListError naming the first bad entry. */
export function parseAllowList(text: string): AllowEntry[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(parseAllowEntry);
}

function parseAllowEntry(entry: string): AllowEntry {
  if (entry.includes('/')) {
    const [address = '', bits = ''] = entry.split('/');
    if (!isStrictAddress(address) || !/^\d{1,3}$/.test(bits)) throw new AllowListError(entry);
    const base = ipaddr.parse(address);
    const prefix = Number(bits);
    if (prefix > (base.kind() === 'ipv4' ? 32 : 128)) throw new AllowListError(entry);
    return { kind: 'range', text: entry, range: asIPv4Range(base, prefix) };
  }
  if (isStrictAddress(entry)) {
    const address = normalise(ipaddr.parse(entry));
    return { kind: 'range', text: entry, range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  const host = entry.toLowerCase();
  // The URL parser is what the crawler's URLs go through: an entry it would rewrite (127.1, a port,
  // an invalid character) would never match a URL's host, so it is refused here.
  if (!URL.canParse(`http://${host}/`) || new URL(`http://${host}/`).hostname !== host) {
    throw new AllowListError(entry);
  }
  return { kind: 'host', host };
}

/** Dotted-quad IPv4 or IPv6 only: shorthand forms such as 127.1 are refused as ambiguous. */
function isStrictAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address it carries. */
function normalise(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/** An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it maps (10.0.0.0/8). */
function asIPv4Range(base: Address, prefix: number): [Address, number] {
  const mapped = base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96;
  return mapped ? [normalise(base), prefix - 96] : [base, prefix];
}

/**
 * Which addresses the crawler may connect to. Only plain public unicast addresses are reachable by
 * default; every special range ipaddr.js knows (loopback, private, link-local, CGNAT, unique-local,
 * multicast, unspecified, broadcast, reserved, and the IPv6 transition ranges that can tunnel to
 * an IPv4 address) is refused unless the allow list names it.
 *
 * Address and CIDR entries allow URLs written with such an address; a host name is allowed only
 * when the list names it, whatever it resolves to. So allowing 127.0.0.1 does not let a public name
 * that an attacker points at 127.0.0.1 through.
 */
export interface AddressPolicy {
  /** Null when a URL whose host is this IP literal may be fetched, else the reason it may not. */
  checkLiteral(address: string): string | null;
  /** Null when every address `host` resolved to may be connected to, else the reason. */
  checkResolved(host: string, addresses: readonly string[]): string | null;
}

/** The policy for an allow list (empty: nothing private is reachable). */
export function createAddressPolicy(allow: readonly AllowEntry[]): AddressPolicy {
  const hosts = new Set(allow.flatMap((entry) => (entry.kind === 'host' ? [entry.host] : [])));
  const ranges = allow.flatMap((entry) => (entry.kind === 'range' ? [entry.range] : []));
  return {
    checkLiteral(text) {
      if (!ipaddr.isValid(text)) return `'${text}' is not an IP address`;
      const address = normalise(ipaddr.parse(text));
      const range = refusedRange(address);
      if (range === null || ranges.some((allowed) => inRange(address, allowed))) return null;
      return `address ${address.toString()} is in a refused range (${range})`;
    },
    checkResolved(host, addresses) {
      if (hosts.has(host.toLowerCase())) return null;
      if (addresses.length === 0) return `${host} resolved to no address`;
      for (const text of addresses) {
        const address = normalise(ipaddr.parse(text));
        const range = refusedRange(address);
        if (range !== null) return `${host} resolves to ${address.toString()}, in a refused range (${range})`;
      }
      return null;
    },
  };
}

/** The refused range an address is in ('loopback', 'private'…), or null for public unicast. */
function refusedRange(address: Address): string | null {
  const range = address.range();
  return range === 'unicast' ? null : range;
}

function inRange(address: Address, [base, prefix]: [Address, number]): boolean {
  // ipaddr.js throws when matching an IPv4 address against an IPv6 range and vice versa.
  if (address.kind() !== base.kind()) return false;
  return (address as ipaddr.IPv4).match(base as ipaddr.IPv4, prefix);
}
