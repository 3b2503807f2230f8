import { sql } from 'kysely';
import { PERMISSIONS, SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import {
  addRowCount,
  addSearchIndex,
  jsonType,
  timestampType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

export const up = async (db: MigrationDb) => {
  const ts = timestampType(db);
  const now = new Date().toISOString();

  await db.schema
    .createTable('row_counts')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('users'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('disable')
          .check(sql`status in ('enable', 'disable')`),
      )
      .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female', 'unspecified')`))
      .addColumn('marital_status', 'text')
      .addColumn('birthday', 'text')
      .addColumn('id_card', 'text')
      .addColumn('id_card_date', 'text')
      .addColumn('id_card_place', 'text')
      .addColumn('phone', 'text')
      .addColumn('zalo', 'text')
      .addColumn('facebook', 'text')
      .addColumn('address', 'text')
      .addColumn('avatar', 'text')
      .addColumn('password_changed_at', ts, (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('users_created_at')
    .on('users')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('users_name').on('users').columns(['name', 'id']).execute();
  await addRowCount(db, 'users');
  await addSearchIndex(db, 'users');

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_used_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_id')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await withId(db, db.schema.createTable('login_attempts'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_ip')
    .on('login_attempts')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_email_ip')
    .on('login_attempts')
    .columns(['email', 'ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('permissions')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('roles'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text'),
  ).execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_key', 'text', (c) =>
      c.notNull().references('permissions.key').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_key'])
    .execute();
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_id').on('user_roles').column('role_id').execute();
  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission_key', 'text', (c) =>
      c.notNull().references('permissions.key').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission_key'])
    .execute();

  await withId(db, db.schema.createTable('audit_logs'))
    .addColumn('user_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('changes', jsonType(db))
    .addColumn('ip', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_logs_entity')
    .on('audit_logs')
    .columns(['entity', 'entity_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_logs_user')
    .on('audit_logs')
    .columns(['user_id', 'id'])
    .execute();
  await addRowCount(db, 'audit_logs');

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('settings'))
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text')
      .addColumn('value', 'text'),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('languages'))
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('redirects'))
      .addColumn('source', 'text', (c) => c.notNull().unique())
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('code', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(301)
          .check(sql`code in (301, 302)`),
      )
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('redirects_destination')
    .on('redirects')
    .columns(['destination', 'id'])
    .execute();
  await db.schema.createIndex('redirects_code').on('redirects').columns(['code', 'id']).execute();
  await db.schema
    .createIndex('redirects_created_at')
    .on('redirects')
    .columns(['created_at', 'id'])
    .execute();
  await addRowCount(db, 'redirects');
  await addSearchIndex(db, 'redirects');

  // Seed data: every permission key, the super-admin role (it holds every key,
  // including keys added later, without rows in role_permissions), and the
  // three interface languages with vi the default.
  await db
    .insertInto('permissions')
    .values(PERMISSIONS.map((key) => ({ key, created_at: now })))
    .execute();
  await db
    .insertInto('roles')
    .values({
      name: SUPER_ADMIN_ROLE,
      description: 'Holds every permission',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('languages')
    .values([
      {
        key: 'vi',
        name: 'Tiếng Việt',
        sort: 1,
        is_default: true,
        created_at: now,
        updated_at: now,
      },
      { key: 'en', name: 'English', sort: 2, is_default: false, created_at: now, updated_at: now },
      { key: 'ja', name: '日本語', sort: 3, is_default: false, created_at: now, updated_at: now },
    ])
    .execute();
};
