import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Each module adds its tables by augmenting `Database` in its own
 * `<resource>.table.ts`, so no module edits another's types.
 *
 * Conventions on both engines: ids are integers; times are ISO 8601 strings
 * (text on SQLite, timestamptz read back as ISO on PostgreSQL); booleans are
 * written as booleans and read back as `boolean | number` (SQLite gives 0/1);
 * JSON is written with `toJson()` and read with `fromJson()`.
 */
export type Timestamp = ColumnType<string, string, string>;
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** JSON text made by `toJson` (the brand keeps a plain string, or an array PostgreSQL would take as its own array type, out). */
export type JsonText = string & { readonly __json: true };
export type Json = ColumnType<unknown, JsonText, JsonText>;
export type Id = Generated<number>;

export type UsersTable = {
  id: Id;
  name: string;
  email: string;
  password_hash: string;
  status: 'enable' | 'disable';
  must_change_password: Bool;
  gender: 'male' | 'female' | 'unspecified' | null;
  marital_status: string | null;
  birthday: string | null;
  id_card: string | null;
  id_card_date: string | null;
  id_card_place: string | null;
  phone: string | null;
  zalo: string | null;
  facebook: string | null;
  address: string | null;
  avatar: string | null;
  password_changed_at: Timestamp;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SessionsTable = {
  id: string;
  user_id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
};

export type RefreshTokensTable = {
  id: Id;
  session_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type PermissionsTable = { key: string; created_at: Timestamp };

export type RolesTable = {
  id: Id;
  name: string;
  description: string | null;
  /** Its holders must sign in with a second factor (they may only set it up until they do). */
  require_2fa: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type RolePermissionsTable = { role_id: number; permission_key: string };
export type UserRolesTable = { user_id: number; role_id: number };
export type UserPermissionsTable = { user_id: number; permission_key: string };

export type AuditLogsTable = {
  id: Id;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: Json | null;
  /** Facts of an action that changes no field (see core/audit.ts). */
  details: Json | null;
  ip: string | null;
  created_at: Timestamp;
};

export type RowCountsTable = { table_name: string; n: number };

export type SettingsTable = {
  id: Id;
  key: string;
  title: string | null;
  value: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type LanguagesTable = {
  id: Id;
  key: string;
  name: string;
  sort: number;
  is_default: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type RedirectsTable = {
  id: Id;
  source: string;
  destination: string;
  code: number;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  audit_logs: AuditLogsTable;
  row_counts: RowCountsTable;
  settings: SettingsTable;
  languages: LanguagesTable;
  redirects: RedirectsTable;
}

export const toJson = (value: unknown): JsonText => JSON.stringify(value ?? null) as JsonText;
export const fromJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;
export const toBool = (value: boolean | number | null | undefined): boolean => Boolean(value);
export const now = (): string => new Date().toISOString();
