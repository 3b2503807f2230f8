import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { AddressRefusal, resolveAllowedAddress, type AddressPolicy } from './address-guard';

/** How long a receiver has to answer before the try counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export type SendOptions = AddressPolicy & { timeoutMs?: number };

export type Delivery = {
  url: string;
  body: string;
  secret: string;
  event: string;
  eventId: string;
};

/** What one try came to: the answer's status, or why there was none. */
export type TryOutcome = { status_code: number | null; error: string | null; duration_ms: number };

export const signBody = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export const isSuccess = (outcome: TryOutcome) =>
  outcome.status_code !== null && outcome.status_code >= 200 && outcome.status_code < 300;

/**
 * One signed POST of a delivery's body. The host is resolved and checked first
 * (address-guard.ts) and the connection goes to that checked address, never to the name again;
 * a fresh connection each time (no pooled socket skips the check). A redirect is an answer like
 * any other non-2xx: never followed, since its target was never checked.
 */
export const sendDelivery = async (
  delivery: Delivery,
  options: SendOptions,
): Promise<TryOutcome> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(delivery.url);
  let target;
  try {
    target = await resolveAllowedAddress(url.hostname, options);
  } catch (error) {
    if (error instanceof AddressRefusal)
      return { status_code: null, error: error.reason, duration_ms: elapsed() };
    throw error;
  }
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<TryOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: Omit<TryOutcome, 'duration_ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, duration_ms: elapsed() });
    };
    const request = (secure ? https : http).request({
      host: target.address,
      family: target.family,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false,
      // the certificate is checked against the name the staff typed, not the number
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
      ...(url.username
        ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
        : {}),
      headers: {
        host: url.host,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(delivery.body),
        'user-agent': 'backoffice-webhooks/1',
        'x-webhook-event': delivery.event,
        'x-webhook-id': delivery.eventId,
        'x-webhook-signature': signBody(delivery.body, delivery.secret),
      },
    });
    const timer = setTimeout(() => {
      settle({ status_code: null, error: 'timeout' });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      // the status is the answer; the body is not read
      settle({ status_code: response.statusCode ?? null, error: null });
      response.destroy();
    });
    request.on('error', () => settle({ status_code: null, error: 'connection_failed' }));
    request.end(delivery.body);
  });
};
