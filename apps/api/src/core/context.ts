import type { FastifyRequest } from 'fastify';
import type { Db, Engine } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { auditContext, type AuditContext } from './audit';
import type { Actor } from './auth/guard';

/** What a service needs to serve one request. Services never see Fastify. */
export type ServiceContext = {
  db: Db;
  engine: Engine;
  actor: Actor | null;
  audit: AuditContext;
  /** Runs `work` in one transaction (see db/transaction.ts). */
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
};

export const serviceContext = (request: FastifyRequest): ServiceContext => {
  const { db, engine } = request.server.deps;
  return {
    db,
    engine,
    actor: request.actor,
    audit: auditContext(request),
    transaction: (work) => inTransaction(db, engine, work),
  };
};
