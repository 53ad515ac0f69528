// Which remote addresses /_/upload-url may fetch (docs/adr/0093-images-from-an-address.md).
// The worker fetching a writer-given address is a server-side request forgery risk: the address
// could name the machine itself, the private network, or a cloud metadata service. So only
// https on the standard port, to a public name or a public IP literal, is fetched; everything
// else is refused before any connection. The same check runs on every redirect's Location.
//
// Names are checked as names: a Worker cannot resolve DNS before fetch(). The answer for a public
// name that resolves to a private address is the runtime's egress: Cloudflare's network does not
// route a Worker's subrequests into private networks, and workerd's default outbound network
// allows only "public" addresses.

export type AddressCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Names that are never public: the machine itself, a private zone, a single-label intranet name. */
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa', '.corp', '.test', '.invalid', '.example'];

function ipv4Octets(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** Whether an IPv4 address is one the public internet routes (not loopback, private, link-local, CGNAT, reserved…). */
export function isPublicIpv4(octets: readonly number[]): boolean {
  const [a = 0, b = 0, c = 0] = octets;
  if (a === 0 || a === 10 || a === 127) return false; // "this network", private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local (cloud metadata lives here)
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol assignments, documentation
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // documentation
  if (a === 203 && b === 0 && c === 113) return false; // documentation
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

/** The eight 16-bit groups of an IPv6 literal (without brackets), or null. */
function ipv6Groups(host: string): number[] | null {
  let text = host.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = ipv4Octets(dotted[1]!);
    if (!octets) return null;
    text = text.slice(0, -dotted[1]!.length) + `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

/** Whether an IPv6 address is global unicast (2000::/3) and not one that embeds or means something private. */
export function isPublicIpv6(groups: readonly number[]): boolean {
  const first = groups[0]!;
  if ((first & 0xe000) !== 0x2000) return false; // loopback, unspecified, mapped IPv4, ULA fc00::/7, link-local fe80::/10, multicast…
  if (first === 0x2001 && groups[1] === 0x0db8) return false; // documentation
  if (first === 0x2002) return false; // 6to4 embeds an IPv4 address that may be private
  if (first === 0x2001 && groups[1] === 0x0000) return false; // Teredo embeds one too
  return true;
}

/** Whether `raw` is an address /_/upload-url may fetch; the parsed URL when it is. */
export function checkRemoteAddress(raw: string): AddressCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'Enter the full address of an image, starting with https://.' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'Only https:// addresses can be used.' };
  if (url.username || url.password) return { ok: false, reason: 'Addresses with a user name or password cannot be used.' };
  // The URL parser drops the default port, so any port left is a non-standard one.
  if (url.port !== '') return { ok: false, reason: 'Addresses with a port number cannot be used.' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    const groups = ipv6Groups(host.slice(1, -1));
    if (!groups || !isPublicIpv6(groups)) return { ok: false, reason: 'This address is not on the public internet.' };
    return { ok: true, url };
  }
  // The URL parser has already turned 0x7f.1, 2130706433 and friends into dotted IPv4.
  const octets = ipv4Octets(host);
  if (octets) return isPublicIpv4(octets) ? { ok: true, url } : { ok: false, reason: 'This address is not on the public internet.' };
  if (!host.includes('.') || host === 'localhost' || PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return { ok: false, reason: 'This address is not on the public internet.' };
  }
  return { ok: true, url };
}
