import { dashboardQuerySchema, dashboardRecordSchema } from '@backoffice/shared/dashboard.schema';
import { itemResponse } from '@backoffice/shared/list-query.schema';
import { serviceContext } from '../../core/context';
import { readDashboard } from './dashboard.service';
import type { TypedApp } from '../../core/typed-app';

/**
 * GET /dashboard: any signed-in user reads it; each figure is in the answer only for a reader
 * holding the permission of the list it summarizes.
 */
export const dashboardRoutes = async (app: TypedApp) => {
  app.get('/api/v1/dashboard', {
    config: { permission: 'authenticated' },
    schema: {
      summary:
        "The shop's day: orders and revenue (today and in the range), revenue per day, orders by status, top products, low stock, expiring lots, posts waiting for approval, new comments, open feedback",
      tags: ['dashboard'],
      operationId: 'readDashboard',
      querystring: dashboardQuerySchema,
      response: { 200: itemResponse(dashboardRecordSchema) },
    },
    handler: async (request) => ({
      data: await readDashboard(serviceContext(request), request.query),
    }),
  });
};
