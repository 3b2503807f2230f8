import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMediaStorage } from './create-storage';
import type { MediaStorage } from './media-storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: MediaStorage;
  }
}

/** Decorates the app with its media storage (`app.storage`): the configured driver, or one given (tests). */
export const storageService = (storage?: MediaStorage) =>
  fp(
    async (app: FastifyInstance) => {
      app.decorate('storage', storage ?? (await createMediaStorage(app.config)));
    },
    { name: 'storage', dependencies: ['services'] },
  );
