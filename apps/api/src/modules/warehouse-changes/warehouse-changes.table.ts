import type { SlipStatus, SlipStyle } from '@backoffice/shared/warehouse-change.schema';
import type { Generated } from 'kysely';
import type { Bool, Id, Timestamp } from '../../db/types';

export type WarehouseChangesTable = {
  id: Id;
  code: string;
  style: SlipStyle;
  date: string;
  number: string | null;
  warehouse_id: number;
  supplier_id: number | null;
  order_id: number | null;
  user_id: number | null;
  note: string | null;
  money: number | string;
  profit: number | string;
  status: SlipStatus;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WarehouseChangeItemsTable = {
  id: Id;
  change_id: number;
  sort: number;
  post_id: number;
  code: string | null;
  title: string;
  price: number | string;
  number: number;
  expiry: string | null;
  cost: number | string;
};

export type StockLevelsTable = {
  warehouse_id: number;
  post_id: number;
  imported: Generated<number | string>;
  exported: Generated<number | string>;
  in_stock: Generated<number | string>;
  revenue: Generated<number | string>;
  cost_out: Generated<number | string>;
};

export type StockLotsTable = {
  id: Id;
  warehouse_id: number;
  post_id: number;
  change_id: number;
  price: number | string;
  number: number;
  remaining: number;
  expiry: string | null;
  expiry_sort: string;
  created_at: Timestamp;
};

export type StockMovementsTable = {
  id: Id;
  lot_id: number;
  change_id: number;
  item_id: number;
  number: number;
  price: number | string;
  cost: number | string;
  reversal: Bool;
  created_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    warehouse_changes: WarehouseChangesTable;
    warehouse_change_items: WarehouseChangeItemsTable;
    stock_levels: StockLevelsTable;
    stock_lots: StockLotsTable;
    stock_movements: StockMovementsTable;
  }
}
