import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityHeaderOptions = {
  /** Origins media may come from besides the app itself (an S3 store, its public URL). */
  mediaOrigins?: readonly string[];
};

/**
 * Headers that act on a document (the page and what it may do) and mean nothing on a script,
 * a style sheet or an image. The admin's /login loads some thirty hashed files; sending these
 * with each would add about 20 KB to the first visit.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

const policy = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join(';');

/**
 * The headers every answer carries (what helmet sends, made once at start rather than per
 * request). Two of them only make sense over HTTPS and break the app over plain HTTP: the
 * policy's `upgrade-insecure-requests` sends every script of a page opened at
 * http://192.168.1.20:3000 to https, where nothing answers, and HSTS pins a host to HTTPS.
 * They go out only when the request came over HTTPS, directly or (with TRUST_PROXY) as the
 * proxy's `X-Forwarded-Proto` says.
 */
export const securityHeaders = ({ mediaOrigins = [] }: SecurityHeaderOptions = {}) =>
  fp(
    async (app: FastifyInstance) => {
      const directives = {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'font-src': ["'self'", 'https:', 'data:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
        'media-src': ["'self'", 'blob:', ...mediaOrigins],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        // Ant Design writes its styles at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'"],
      };
      const common = {
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      };
      const plain = { ...common, 'content-security-policy': policy(directives) };
      // Browsers honour (and otherwise complain about) the opener policy only on a trustworthy
      // origin: HTTPS, or this machine itself.
      const opener = { 'cross-origin-opener-policy': 'same-origin' };
      const plainLoopback = { ...plain, ...opener };
      const secure = {
        ...common,
        ...opener,
        'content-security-policy': policy({ ...directives, 'upgrade-insecure-requests': [] }),
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      };
      // An API answer is data, never a page: nothing may load, frame or run from it. The
      // document policy above is for the admin's pages; on JSON it would only be bytes.
      const api = {
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      };
      const apiSecure = {
        ...api,
        'strict-transport-security': secure['strict-transport-security'],
      };
      app.addHook(
        'onRequest',
        (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
          const https = request.protocol === 'https';
          const url = request.url;
          if (url.startsWith('/api/')) reply.headers(https ? apiSecure : api);
          else
            reply.headers(https ? secure : LOOPBACK.test(request.hostname) ? plainLoopback : plain);
          // Every answer names its request, not-found answers included; the admin's hashed
          // files aside (logged by path, cached for good: their bytes count on /login). Set
          // here rather than in a hook of its own: each hook is a step every request pays.
          if (!url.startsWith('/assets/')) reply.header('x-request-id', request.id);
          done();
        },
      );
    },
    { name: 'security-headers' },
  );
