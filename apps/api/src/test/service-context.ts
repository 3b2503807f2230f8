import type { ServiceContext } from '../core/context';
import { inTransaction } from '../db/transaction';
import type { TestApp } from './test-app';

/** A service context of the test app's administrator, for calling a service directly. */
export const serviceContextFor = (t: TestApp): ServiceContext => ({
  db: t.db,
  engine: t.engine,
  clock: { now: () => new Date() },
  actor: null,
  audit: { userId: null, ip: null },
  locale: 'vi',
  transaction: (work) => inTransaction(t.db, t.engine, work),
});
