// is_internal_ip (docs/product/2-sign-in-notices-cache-routing.md §4.7, §6): a visitor is internal
// when the address Cloudflare saw (CF-Connecting-IP, which Cloudflare sets and overwrites at its
// edge) falls in one of the configured INTERNAL_IP_RANGES. Internal visitors (the office, VPN,
// monitoring) always get a fresh render, so staff-only experiments and previews are never served
// from or put in the cache.
//
// Address parsing is Hono's (hono/utils/ipaddr, the code behind its ip-restriction
// middleware); this file only matches CIDR blocks. IPv4-mapped IPv6 addresses
// (::ffff:10.0.0.1) match IPv4 blocks.
import {
  convertIPv4MappedIPv6ToIPv4,
  convertIPv4ToBinary,
  convertIPv6ToBinary,
  distinctRemoteAddr,
  isIPv4MappedIPv6,
} from 'hono/utils/ipaddr';
import { logEvent } from '../lib/log-context.ts';

interface Block {
  family: 'IPv4' | 'IPv6';
  network: bigint;
  mask: bigint;
}

interface Address {
  family: 'IPv4' | 'IPv6';
  value: bigint;
}

function parseAddress(text: string): Address | null {
  const family = distinctRemoteAddr(text);
  try {
    if (family === 'IPv4') return { family, value: convertIPv4ToBinary(text) };
    if (family === 'IPv6') {
      const value = convertIPv6ToBinary(text);
      return isIPv4MappedIPv6(value) ? { family: 'IPv4', value: convertIPv4MappedIPv6ToIPv4(value) } : { family, value };
    }
  } catch {
    // an invalid address is no address
  }
  return null;
}

function parseBlock(text: string): Block | null {
  const [addressText = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const address = parseAddress(addressText);
  if (!address) return null;
  const bits = address.family === 'IPv4' ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= bits)) return null;
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  return { family: address.family, network: address.value & mask, mask };
}

export interface InternalIpMatcher {
  (address: string | null): boolean;
  /** Entries of the configuration that are not addresses or CIDR blocks (ignored). */
  readonly invalid: readonly string[];
}

/** A matcher for a comma-separated list of CIDR blocks or single addresses. */
export function internalIpMatcher(ranges: string): InternalIpMatcher {
  const blocks: Block[] = [];
  const invalid: string[] = [];
  for (const entry of ranges.split(',').map((e) => e.trim()).filter(Boolean)) {
    const block = parseBlock(entry);
    if (block) blocks.push(block);
    else invalid.push(entry);
  }
  const matches = (address: string | null) => {
    if (!address || blocks.length === 0) return false;
    const parsed = parseAddress(address.trim());
    if (!parsed) return false;
    return blocks.some((b) => b.family === parsed.family && (parsed.value & b.mask) === b.network);
  };
  return Object.assign(matches, { invalid });
}

const matcherCache = new Map<string, InternalIpMatcher>();

/** isInternalIp for the configured ranges (the parsed matcher is kept per configuration string). */
export function isInternalIp(ranges: string, address: string | null): boolean {
  let matcher = matcherCache.get(ranges);
  if (!matcher) {
    matcher = internalIpMatcher(ranges);
    if (matcher.invalid.length > 0) {
      logEvent({ event: 'edge_cache_config', problem: 'INTERNAL_IP_RANGES entries ignored', entries: matcher.invalid }, 'warn');
    }
    matcherCache.set(ranges, matcher);
  }
  return matcher(address);
}

/** The visitor's address as Cloudflare reports it. */
export function connectingIp(request: Request): string | null {
  return request.headers.get('cf-connecting-ip');
}
