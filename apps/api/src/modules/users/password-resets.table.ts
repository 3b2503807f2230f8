import type { Id, Timestamp } from '../../db/types';

/** Reset links sent by mail: only the token's hash is kept; each works once, until it expires. */
export type PasswordResetsTable = {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

declare module '../../db/types' {
  interface Database {
    password_resets: PasswordResetsTable;
  }
}
