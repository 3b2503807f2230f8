import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What a refused request may still send before the connection is cut: its answer is read by then. */
export const LINGER_BYTES = 32 * 1024 * 1024;
export const LINGER_MS = 10_000;

/**
 * An answer given before the request's body has arrived (a body over its limit, a type no
 * route takes) asks to close the connection. Closing a socket whose unread bytes are still
 * coming makes the kernel reset it, and a reset throws away the answer the client has not yet
 * read: the client sees EPIPE or ECONNRESET instead of the 413. So such an answer is sent on a
 * connection that stays open while the rest of the body is read and thrown away, and the
 * connection closes once the body ends, or after LINGER_BYTES more bytes or LINGER_MS,
 * whichever comes first (a client that never stops cannot hold it).
 */
const linger = (request: FastifyRequest, reply: FastifyReply) => {
  const raw = request.raw;
  const socket = raw.socket;
  // An in-process request (app.inject) has no connection to keep open.
  if (raw.complete || socket.destroyed || typeof socket.destroy !== 'function') return;
  // node reads and discards the rest of a request it has answered, as long as it keeps the connection
  reply.removeHeader('connection');
  let thrownAway = 0;
  const started = Date.now();
  const cut = () => {
    stop();
    socket.destroy();
  };
  // Counted chunk by chunk as node reads them, not by a timer: on a busy machine a timer
  // fires late, and a client on the same machine sends tens of megabytes meanwhile.
  const count = (chunk: Buffer) => {
    thrownAway += chunk.length;
    if (thrownAway > LINGER_BYTES) cut();
  };
  const watch = setInterval(() => {
    if (Date.now() - started > LINGER_MS) cut();
  }, 250);
  // node drops a request's `data` listeners once its answer is sent (it then reads the rest
  // into nothing): counted again from there.
  const listen = () => {
    if (!raw.listeners('data').includes(count)) raw.on('data', count);
  };
  listen();
  reply.raw.once('finish', listen);
  function stop() {
    clearInterval(watch);
    raw.removeListener('data', count);
  }
  socket.once('close', stop);
  raw.once('end', () => {
    stop();
    socket.removeListener('close', stop);
    socket.end();
  });
};

export const lingeringClose = fp(
  async (app: FastifyInstance) => {
    // A callback, not an async function: every answer passes here, and a promise per answer
    // is a measurable part of the cheapest ones (a 304, the health check).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.getHeader('connection') === 'close') linger(request, reply);
      done(null, payload);
    });
  },
  { name: 'lingering-close' },
);
