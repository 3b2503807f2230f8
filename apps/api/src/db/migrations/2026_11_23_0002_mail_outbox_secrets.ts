import type { MigrationDb } from '../migration-kit';

const RESET_LINK = /\S*reset-password\?token=[\w-]+/;

/**
 * The outbox shows a mail's secret (a reset link) only to those who may manage the account
 * it is about. Mails kept before this know neither, so their links are hidden from everyone.
 */
export const up = async (db: MigrationDb) => {
  await db.schema.alterTable('mail_outbox').addColumn('user_id', 'integer').execute();
  await db.schema.alterTable('mail_outbox').addColumn('secret', 'text').execute();
  const rows = (await db.selectFrom('mail_outbox').select(['id', 'text']).execute()) as Array<{
    id: number;
    text: string;
  }>;
  for (const row of rows) {
    const secret = RESET_LINK.exec(row.text)?.[0];
    if (secret)
      await db.updateTable('mail_outbox').set({ secret }).where('id', '=', row.id).execute();
  }
};
