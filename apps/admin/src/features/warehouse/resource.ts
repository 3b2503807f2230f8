import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const warehouseResource: ResourceDefinition = {
  name: 'warehouse',
  section: 'warehouse',
  permission: 'manage-warehouses',
  screens: [
    {
      paths: ['/warehouse/manager', '/warehouse'],
      labelKey: 'warehouse:nav.warehouses',
      page: lazy(() =>
        import('./pages/warehouses-page').then((module) => ({ default: module.WarehousesPage })),
      ),
    },
    {
      paths: ['/warehouse/supplier'],
      labelKey: 'warehouse:nav.suppliers',
      permission: 'suppliers.list',
      page: lazy(() =>
        import('./pages/suppliers-page').then((module) => ({ default: module.SuppliersPage })),
      ),
    },
    {
      paths: ['/warehouse/supplier/:id'],
      labelKey: 'warehouse:supplierStock.title',
      nav: false,
      page: lazy(() =>
        import('./pages/supplier-stock-page').then((module) => ({
          default: module.SupplierStockPage,
        })),
      ),
    },
    {
      paths: ['/warehouse/change'],
      labelKey: 'warehouse:nav.slips',
      page: lazy(() =>
        import('./pages/slips-page').then((module) => ({ default: module.SlipsPage })),
      ),
    },
    {
      paths: ['/warehouse/stock'],
      labelKey: 'warehouse:nav.stock',
      page: lazy(() =>
        import('./pages/stock-page').then((module) => ({ default: module.StockPage })),
      ),
    },
    {
      paths: ['/warehouse/change/print/:id'],
      labelKey: 'warehouse:slips.printTitle',
      nav: false,
      page: lazy(() =>
        import('./pages/slip-print-page').then((module) => ({ default: module.SlipPrintPage })),
      ),
    },
  ],
};
