import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, Engine } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { auditContext, type AuditContext } from './audit';
import type { Actor } from './auth/guard';
import type { Clock } from './services';

/** What a service needs to serve one request. Services never see Fastify. */
export type ServiceContext = {
  db: Db;
  engine: Engine;
  clock: Clock;
  actor: Actor | null;
  audit: AuditContext;
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
    log: request.log,
    transaction: (work) => inTransaction(db, engine, work),
  };
};
