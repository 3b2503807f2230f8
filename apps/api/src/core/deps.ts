import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db, Engine } from '../db/connection';
import type { TokenSigner } from './auth/tokens';
import type { ServiceContext } from './context';
import type { UploadedFile } from './form';

/**
 * What the modules share, attached once to the app. Modules that bring a
 * dependency of their own (media storage, the mailer) add it to this type by
 * augmentation and register it in their own plugin.
 */
 
export interface Deps {
  config: Config;
  db: Db;
  engine: Engine;
  signer: TokenSigner;
  /**
   * Stores avatar images through the media storage (the media module sets it);
   * `save` returns the stored path, `choose` the value for an image already in the media
   * library named by its URL (422 `avatar` when none is), `url` the address a browser loads.
   */
  avatars?: {
    save: (ctx: ServiceContext, file: UploadedFile) => Promise<string>;
    choose: (ctx: ServiceContext, url: string, origins: readonly string[]) => Promise<string>;
    url: (path: string) => string;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export const depsPlugin = (deps: Deps) =>
  fp(async (app: FastifyInstance) => {
    app.decorate('deps', deps);
  }, { name: 'deps' });
