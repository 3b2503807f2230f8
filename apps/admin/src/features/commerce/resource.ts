import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

const ordersPage = lazy(() =>
  import('./pages/orders-page').then((module) => ({ default: module.OrdersPage })),
);
const discountsPage = lazy(() =>
  import('./pages/discounts-page').then((module) => ({ default: module.DiscountsPage })),
);

/**
 * Orders and discounts: the Sales section of the sidebar leads to every product type's orders
 * and discounts in one click (`/sales/...`); the paths under a product type stay as they were
 * (links and bookmarks keep working) and show the same lists, without an entry of their own.
 */
export const commerceResource: ResourceDefinition = {
  name: 'commerce',
  section: 'sales',
  permission: ['discounts.list', 'orders.list'],
  screens: [
    {
      paths: ['/sales/orders'],
      labelKey: 'commerce:orders.title',
      permission: 'orders.list',
      page: ordersPage,
    },
    {
      paths: ['/sales/discounts'],
      labelKey: 'commerce:discounts.title',
      permission: 'discounts.list',
      page: discountsPage,
    },
    {
      paths: ['/posts/product/discount/:typeID'],
      labelKey: 'commerce:discounts.title',
      permission: 'discounts.list',
      nav: false,
      page: discountsPage,
    },
    {
      paths: ['/posts/product/order/:typeID'],
      labelKey: 'commerce:orders.title',
      permission: 'orders.list',
      nav: false,
      page: ordersPage,
    },
    {
      paths: ['/posts/product/order/:typeID/print/:id', '/sales/orders/print/:id'],
      labelKey: 'commerce:orders.print.title',
      permission: 'orders.list',
      nav: false,
      page: lazy(() =>
        import('./pages/order-print-page').then((module) => ({
          default: module.OrderPrintPage,
        })),
      ),
    },
  ],
};
