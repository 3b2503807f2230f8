import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db, Engine } from '../db/connection';
import type { TokenSigner } from './auth/tokens';

/**
 * How code reaches the app's services: typed Fastify decorators, registered once
 * by plugins. The core's are here (configuration, database, clock, token signer);
 * the mailer (mail/) and the media storage (storage/) are decorated the same way
 * by their own plugins. Handlers read `request.server.<service>`; services get
 * what they need through `ServiceContext` (context.ts), never from Fastify.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    engine: Engine;
    clock: Clock;
    tokens: TokenSigner;
  }
}

export type CoreServices = {
  config: Config;
  db: Db;
  engine: Engine;
  clock: Clock;
  tokens: TokenSigner;
};

export const coreServices = (services: CoreServices) =>
  fp(
    async (app: FastifyInstance) => {
      app.decorate('config', services.config);
      app.decorate('db', services.db);
      app.decorate('engine', services.engine);
      app.decorate('clock', services.clock);
      app.decorate('tokens', services.tokens);
    },
    { name: 'services' },
  );
