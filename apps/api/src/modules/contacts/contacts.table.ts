import type { Id, Timestamp } from '../../db/types';

/** The columns every table of contacts with a place has (warehouses, suppliers). */
export type ContactColumns = {
  id: Id;
  name: string;
  phone: string | null;
  email: string | null;
  province_code: string;
  ward_code: string;
  district: string | null;
  address: string;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};
