import type { Menu, MenuCreate, MenuUpdate } from '@backoffice/shared/menu.schema';
import { createResourceApi } from '../../../lib/resource-api';

/** GET, POST /menus; GET, PATCH, DELETE /menus/{id}. */
export const menusApi = createResourceApi<Menu, MenuCreate, MenuUpdate>('/menus');
