import { itemResponse } from '@backoffice/shared/list-query.schema';
import { letterheadSchema } from '@backoffice/shared/order.schema';
import type { TypedApp } from '../../core/typed-app';
import { readSettings } from '../settings';

const KEYS = [
  'site_name',
  'site_logo',
  'site_hotline',
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_tax_code',
  'bank_bin',
  'bank_account',
  'bank_account_name',
] as const;

/**
 * GET /orders/letterhead: the shop's details printed at the top of an order. Staff who print
 * orders may not read the settings; these few are what the paper needs.
 */
export const orderLetterheadRoutes = async (app: TypedApp) => {
  app.get('/api/v1/orders/letterhead', {
    config: { permission: 'orders.list' },
    schema: {
      tags: ['orders'],
      operationId: 'getOrderLetterhead',
      summary:
        "The shop's name, logo, address and contacts, and the bank account transfers pay into, for printed orders",
      response: { 200: itemResponse(letterheadSchema) },
    },
    handler: async () => {
      const stored = await readSettings(app.db, KEYS);
      const value = (key: (typeof KEYS)[number]) => stored[key]?.trim() || null;
      return {
        data: {
          // the registered company name first; the site's name when none is set
          name: value('company_name') ?? value('site_name'),
          logo: value('site_logo'),
          address: value('company_address'),
          phone: value('company_phone'),
          hotline: value('site_hotline'),
          email: value('company_email'),
          tax_code: value('company_tax_code'),
          bank_bin: value('bank_bin'),
          bank_account: value('bank_account'),
          bank_account_name: value('bank_account_name'),
        },
      };
    },
  });
};
