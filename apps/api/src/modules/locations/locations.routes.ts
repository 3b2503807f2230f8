import {
  conversionSchema,
  convertQuerySchema,
  provinceSchema,
  wardSchema,
  wardsQuerySchema,
} from '@backoffice/shared/address.schema';
import { listResponse } from '@backoffice/shared/list-query.schema';
import { invalid } from '../../core/errors';
import { wholeListPage } from '../../core/list-query';
import { addressBook } from './address-book';
import type { TypedApp } from '../../core/typed-app';

const tags = ['locations'];

/**
 * Provinces and wards since 1 July 2025, and the conversion of an old address. Any signed-in
 * staff member may read them: every screen with an address (warehouses, suppliers, orders)
 * needs them, and they are public facts.
 */
export const locationsRoutes = async (app: TypedApp) => {
  app.get('/api/v1/locations/provinces', {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      summary: 'The 34 provinces and centrally-run cities, by name',
      response: { 200: listResponse(provinceSchema) },
    },
    handler: async () => wholeListPage(addressBook().provinces()),
  });

  app.get('/api/v1/locations/wards', {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      summary:
        'The wards of one province, by name; `search` keeps those whose folded name holds every word',
      querystring: wardsQuerySchema,
      response: { 200: listResponse(wardSchema) },
    },
    handler: async (request) => {
      const query = request.query;
      const book = addressBook();
      if (!book.province(query.province_code))
        throw invalid({ province_code: 'address.province_unknown' });
      return wholeListPage(book.wards(query.province_code, query.search));
    },
  });

  app.get('/api/v1/locations/convert', {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      summary:
        'The new province and ward of an address written before 1 July 2025 (names as people write them)',
      querystring: convertQuerySchema,
      response: { 200: listResponse(conversionSchema) },
    },
    handler: async (request) => wholeListPage(addressBook().convert(request.query)),
  });
};
