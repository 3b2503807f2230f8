import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

const letterheadSchema = z.object({
  name: z.string().nullable(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  hotline: z.string().nullable(),
  email: z.string().nullable(),
  tax_code: z.string().nullable(),
  /** The account a bank transfer pays into, printed beside the order's VietQR code. */
  bank_bin: z.string().nullable(),
  bank_account: z.string().nullable(),
  bank_account_name: z.string().nullable(),
});

/**
 * GET /orders/letterhead: the shop's details printed at the top of an order. Staff who print
 * orders may not read the settings; these few are what the paper needs.
 */
export const orderLetterheadRoutes = async (app: FastifyInstance) => {
  app.get('/api/v1/orders/letterhead', {
    config: { permission: 'orders.list' },
    schema: {
      tags: ['orders'],
      operationId: 'getOrderLetterhead',
      summary:
        "The shop's name, logo, address and contacts, and the bank account transfers pay into, for printed orders",
      response: { 200: z.object({ data: letterheadSchema }) },
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
