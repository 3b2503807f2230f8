import type { Id, Timestamp } from '../../db/types';

export type AgenciesTable = {
  id: Id;
  name: string;
  description: string | null;
  sort: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AgencyUsersTable = { agency_id: number; user_id: number };

declare module '../../db/types' {
  interface Database {
    agencies: AgenciesTable;
    agency_users: AgencyUsersTable;
  }
}
