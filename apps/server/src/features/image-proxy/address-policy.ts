import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv6 forms that carry an IPv4 address, and which bytes hold it. Each such address reaches
 * the IPv4 address inside (through a translator, a tunnel or the host's own stack), so that
 * address must be public too. Teredo stores its client's address inverted.
 */
const IPV4_CARRIERS: { range: [ipaddr.IPv6, number]; bytes: number[]; inverted?: boolean }[] = [
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), bytes: [12, 13, 14, 15] }, // IPv4-mapped
  { range: ipaddr.IPv6.parseCIDR('::/96'), bytes: [12, 13, 14, 15] }, // IPv4-compatible (deprecated)
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), bytes: [12, 13, 14, 15] }, // SIIT, RFC 6145
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), bytes: [12, 13, 14, 15] }, // NAT64, RFC 6052
  { range: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), bytes: [6, 7, 9, 10] }, // local NAT64, RFC 8215
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), bytes: [2, 3, 4, 5] }, // 6to4
  { range: ipaddr.IPv6.parseCIDR('2001::/32'), bytes: [4, 5, 6, 7] }, // Teredo server
  { range: ipaddr.IPv6.parseCIDR('2001::/32'), bytes: [12, 13, 14, 15], inverted: true }, // Teredo client
];
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

function embeddedIpv4Addresses(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const octets = address.toByteArray();
  return IPV4_CARRIERS.filter(({ range }) => address.match(range)).map(
    ({ bytes, inverted }) => new ipaddr.IPv4(bytes.map((index) => (inverted ? octets[index]! ^ 0xff : octets[index]!))),
  );
}

/** '::1.2.3.4' as '::102:304': ipaddr.js reads any dotted tail as IPv4-mapped (::ffff:1.2.3.4). */
const hexTail = (text: string) =>
  text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a, b, c, d) => `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`);

/**
 * True for an address on the public internet: global unicast by ipaddr.js's table of
 * special-purpose ranges (loopback, private, link-local and cloud metadata, carrier-grade
 * NAT, multicast, documentation, 6to4, Teredo, NAT64 and the rest are refused). Without this
 * a pasted URL could read services inside our network (server-side request forgery).
 * Anything unparseable counts as not public.
 */
export function isPublicAddress(text: string): boolean {
  const family = isIP(text);
  if (family === 0) return false;
  const address = ipaddr.parse(family === 6 ? hexTail(text) : text);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  // An IPv4 address inside decides for the forms ipaddr.js counts as unicast too (::/96).
  if (!embeddedIpv4Addresses(v6).every((v4) => v4.range() === 'unicast')) return false;
  if (v6.isIPv4MappedAddress()) return true;
  return v6.range() === 'unicast' && !v6.match(IPV4_COMPATIBLE);
}
