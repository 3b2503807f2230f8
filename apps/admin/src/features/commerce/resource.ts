import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

/**
 * Commerce screens live under a product post type's path. The sidebar cannot link a path with
 * `:typeID` by itself: the product types' menu entries (posts area) lead here.
 */
export const commerceResource: ResourceDefinition = {
  name: 'commerce',
  section: 'posts',
  permission: ['discounts.list', 'orders.list'],
  screens: [
    {
      paths: ['/posts/product/discount/:typeID'],
      labelKey: 'commerce:discounts.title',
      permission: 'discounts.list',
      nav: false,
      page: lazy(() =>
        import('./pages/discounts-page').then((module) => ({ default: module.DiscountsPage })),
      ),
    },
    {
      paths: ['/posts/product/order/:typeID'],
      labelKey: 'commerce:orders.title',
      permission: 'orders.list',
      nav: false,
      page: lazy(() =>
        import('./pages/orders-page').then((module) => ({ default: module.OrdersPage })),
      ),
    },
    {
      paths: ['/posts/product/order/:typeID/print/:id'],
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
