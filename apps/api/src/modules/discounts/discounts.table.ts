import type { DiscountStatus } from '@backoffice/shared/discount.schema';
import type { Id, Json, Timestamp } from '../../db/types';

export type DiscountsTable = {
  id: Id;
  title: string;
  start_at: Timestamp;
  end_at: Timestamp;
  config: Json;
  status: DiscountStatus;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    discounts: DiscountsTable;
  }
}
