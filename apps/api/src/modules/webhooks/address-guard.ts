import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** An address a host name stands for, as the resolver answers it. */
export type ResolvedAddress = { address: string; family: 4 | 6 };
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (what any program on this machine would connect to). */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Networks a webhook may not reach: a webhook's address is typed by staff, and the server would
 * call it from inside the network it runs in (its own admin port, a database, a cloud's metadata
 * service at 169.254.169.254). Loopback, private, link-local, shared (CGNAT), multicast,
 * reserved and documentation ranges, and every IPv6 form that embeds an IPv4 address (mapped,
 * NAT64, 6to4, Teredo), which could name any of those.
 */
// Two lists: one list would check an IPv4 address against the IPv6 rules as its mapped form,
// and `::ffff:0:0/96` would then refuse every IPv4 address.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refusedV4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refusedV6.addSubnet(network, prefix, 'ipv6');

/** Whether a webhook may connect to this address without the private-network allowance. */
export const isPublicAddress = (address: string) => {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 6 ? !refusedV6.check(address, 'ipv6') : !refusedV4.check(address, 'ipv4');
};

export class AddressRefusal extends Error {
  constructor(readonly reason: 'refused_address' | 'unresolved') {
    super(reason);
  }
}

export type AddressPolicy = { resolve: HostResolver; allowPrivate: boolean };

/**
 * The one address a request to `hostname` goes to: resolved here, checked here, and then
 * connected to by its number, so a name that answers differently a moment later (DNS
 * rebinding) cannot lead the connection elsewhere. A name with any refused address is refused.
 */
export const resolveAllowedAddress = async (
  hostname: string,
  { resolve, allowPrivate }: AddressPolicy,
): Promise<ResolvedAddress> => {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new AddressRefusal('unresolved');
    }
  }
  if (addresses.length === 0) throw new AddressRefusal('unresolved');
  if (!allowPrivate && addresses.some(({ address }) => !isPublicAddress(address)))
    throw new AddressRefusal('refused_address');
  return addresses[0]!;
};
