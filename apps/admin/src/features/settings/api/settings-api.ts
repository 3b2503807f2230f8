import {
  type Setting,
  type SettingCreate,
  settingCreateSchema,
  type SettingUpdate,
  settingUpdateSchema,
} from '@backoffice/shared/setting.schema';
import { createResourceApi } from '../../../lib/resource-api';

export { settingCreateSchema, settingUpdateSchema, type Setting };

/** GET, POST /settings; GET, PATCH, DELETE /settings/{id} (personal options one by one). */
export const settingsApi = createResourceApi<Setting, SettingCreate, SettingUpdate>('/settings');
