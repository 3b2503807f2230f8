import type { Order, OrderCreate, OrderUpdate } from '@backoffice/shared/order.schema';
import { createResourceApi } from '../resource-api';

/** GET, POST /orders; GET, PATCH, DELETE /orders/{id} (the order screens add their own calls). */
export const ordersResourceApi = createResourceApi<Order, OrderCreate, OrderUpdate>('/orders');
