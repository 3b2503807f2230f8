import { jsonType, type MigrationDb } from '../migration-kit';

/**
 * Audit entries keep the facts of an action that changes no field (a sign-in, users attached
 * to an agency, a tree reordered) apart from field changes: `changes` holds only
 * `{field: [before, after]}` pairs from now on, so the audit screen shows each change's before
 * and after side by side and never reads a fact as a change. The daily removal of old entries
 * finds them by their time.
 */
export const up = async (db: MigrationDb) => {
  await db.schema.alterTable('audit_logs').addColumn('details', jsonType(db)).execute();
  await db.schema
    .createIndex('audit_logs_created')
    .on('audit_logs')
    .columns(['created_at', 'id'])
    .execute();
};
