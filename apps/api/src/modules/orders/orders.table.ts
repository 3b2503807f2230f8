import type { Generated } from 'kysely';
import type { OrderStatus } from '@backoffice/shared/order.schema';
import type { PaymentMethod, PaymentStatus } from '@backoffice/shared/payment.schema';
import type { Id, Json, Timestamp } from '../../db/types';

export type OrdersTable = {
  id: Id;
  code: string;
  name: string;
  phone: string;
  email: string | null;
  address: string;
  province_code: string | null;
  ward_code: string | null;
  note: string | null;
  fee: number;
  subtotal: number;
  total: number;
  status: OrderStatus;
  payment_method: Generated<PaymentMethod>;
  payment_status: Generated<PaymentStatus>;
  paid_at: Timestamp | null;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type OrderItemsTable = {
  id: Id;
  order_id: number;
  sort: number;
  post_id: number;
  code: string | null;
  title: string;
  image: string | null;
  price: number;
  discount: number;
  quantity: number;
  total: number;
};

export type CodeSequencesTable = { prefix: string; last: number };

export type IdempotencyKeysTable = {
  user_id: number;
  scope: string;
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: Json | null;
  created_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    orders: OrdersTable;
    order_items: OrderItemsTable;
    code_sequences: CodeSequencesTable;
    idempotency_keys: IdempotencyKeysTable;
  }
}
