// A guest is counted by address (lib/server/security/rate-limit.ts). An IPv4 address is what one connection has; an IPv6
// address is not: a home line or a phone gets a whole /64 (RFC 6177; SLAAC privacy addresses rotate through it by design),
// so one guest can speak from 2^64 addresses and, counted one by one, has as many allowances. Counted by /64, a guest has one.

/**
 * The block a guest is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4 address), an IPv6 one
 * as its /64 ("2001:db8:1:2::/64"), either without a port a proxy wrote after it. Anything that is not an address (a
 * proxy's placeholder, "unknown") stays as given.
 */
export function addressBlock(address: string): string {
  const trimmed = address.trim().toLowerCase();
  // Some proxies (Azure's among them) write the client's port too, which changes with every connection.
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(trimmed);
  if (ipv4WithPort) return ipv4WithPort[1]!;
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(trimmed);
  const ipv6 = expandIpv6((bracketed ? bracketed[1]! : trimmed).replace(/%.*$/, ""));
  if (!ipv6) return address;
  const mapped = /^0:0:0:0:0:ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ipv6.join(":"));
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${ipv6.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address (leading zeros dropped), or null when it is none. */
function expandIpv6(text: string): string[] | null {
  if (!text.includes(":") || !/^[0-9a-f:.]+$/.test(text)) return null;
  let groupsText = text;
  // A trailing dotted IPv4 part ("::ffff:192.0.2.1") is two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const octets = dotted.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    groupsText = `${text.slice(0, dotted.index)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = groupsText.split("::");
  if (halves.length > 2) return null;
  const split = (half: string) => (half === "" ? [] : half.split(":"));
  const head = split(halves[0]!);
  const tail = halves.length === 2 ? split(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16).toString(16));
}
