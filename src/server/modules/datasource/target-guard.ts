import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { BizError } from '../../http/envelope.js';

/** Blocks of addresses a data source may not point at: this machine, link-local and cloud metadata. */
const BLOCKED = new net.BlockList();
BLOCKED.addSubnet('127.0.0.0', 8, 'ipv4');
BLOCKED.addSubnet('0.0.0.0', 8, 'ipv4');
BLOCKED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, 169.254.169.254 metadata
BLOCKED.addSubnet('100.100.100.200', 32, 'ipv4'); // Alibaba Cloud metadata
BLOCKED.addAddress('::1', 'ipv6');
BLOCKED.addAddress('::', 'ipv6');
BLOCKED.addSubnet('fe80::', 10, 'ipv6');
BLOCKED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6

const blocked = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  return BLOCKED.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
};

/**
 * The address a data-source connection test may connect to: `host` resolved once (the returned
 * address is the one to connect to, so a second lookup cannot turn into another one), refused
 * with BizError 不允许连接该地址（本机、链路本地或云元数据地址） when it is loopback,
 * unspecified, link-local or a cloud metadata address, unless `allowHosts` names the host or
 * the address (DATA_SOURCE_ALLOW_HOSTS). An unknown host resolves to itself (the connection
 * then fails with its own message).
 */
export async function allowedAddress(host: string, allowHosts: readonly string[]): Promise<string> {
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return host;
  }
  if (allowHosts.includes(host)) return addresses[0];
  const bad = addresses.find((a) => blocked(a) && !allowHosts.includes(a));
  if (bad !== undefined) throw new BizError('不允许连接该地址（本机、链路本地或云元数据地址）');
  return addresses[0];
}
