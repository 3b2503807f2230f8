import {
  type Widget,
  type WidgetCreate,
  widgetCreateSchema,
  type WidgetUpdate,
  widgetUpdateSchema,
} from '@backoffice/shared/widget.schema';
import { createResourceApi } from '../../../lib/resource-api';

export { widgetCreateSchema, widgetUpdateSchema, type Widget };

/** GET, POST /widgets; GET, PATCH, DELETE /widgets/{id}. */
export const widgetsApi = createResourceApi<Widget, WidgetCreate, WidgetUpdate>('/widgets', {
  bulkDelete: true,
});
