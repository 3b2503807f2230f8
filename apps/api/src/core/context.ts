import type { Locale } from '@backoffice/shared/messages/catalog';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, Engine } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { auditContext, type AuditContext } from './audit';
import type { Actor } from './auth/guard';
import { requestLocale } from './locale';
import type { Clock } from './services';

/** What a service needs to serve one request. Services never see Fastify. */
export type ServiceContext = {
  db: Db;
  engine: Engine;
  clock: Clock;
  actor: Actor | null;
  audit: AuditContext;
  /** The reader's language: what the app writes on their behalf (a slip's note) is in it. */
  locale: Locale;
  log?: FastifyBaseLogger;
  /** Runs `work` in one transaction (see db/transaction.ts). */
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
};

export const serviceContext = (request: FastifyRequest): ServiceContext => {
  const { db, engine, clock } = request.server;
  return {
    db,
    engine,
    clock,
    actor: request.actor,
    audit: auditContext(request),
    locale: requestLocale(request),
    log: request.log,
    transaction: (work) => inTransaction(db, engine, work),
  };
};
