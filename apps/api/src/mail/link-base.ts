import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Config } from '../config';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** The machine's own address on its network: the first external IPv4, else IPv6, else loopback. */
export const machineAddress = (): string => {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal);
  const v4 = addresses.find((entry) => entry!.family === 'IPv4');
  const v6 = addresses.find(
    (entry) => entry!.family === 'IPv6' && !entry!.address.startsWith('fe80:'),
  );
  return (v4 ?? v6)?.address ?? '127.0.0.1';
};

const hostForUrl = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/**
 * Where links in mails (password reset) point. Only the configuration decides it, never
 * a request header: whoever sends `Host: evil.example` must not get a link to their own
 * server mailed to a user. `PUBLIC_URL` when set; otherwise the configured HOST and PORT
 * (a wildcard bind has no address of its own, so the machine's network address), with a
 * warning to print once at start-up.
 */
export const mailLinkBase = (
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
): { url: string; warning?: string } => {
  if (config.publicUrl) return { url: config.publicUrl.replace(/\/+$/, '') };
  const host = WILDCARD_HOSTS.has(config.host) ? machineAddress() : config.host;
  const url = `http://${hostForUrl(host)}:${config.port}`;
  return {
    url,
    warning: `PUBLIC_URL is not set: links in mails point to ${url}. Set PUBLIC_URL to the address users open the admin at.`,
  };
};
